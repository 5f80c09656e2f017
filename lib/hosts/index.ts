/** Every host model, by id, and the few questions asked of them all. */
import { claudeCode } from "./claude-code";
import { codex } from "./codex";
import { geminiCli } from "./gemini-cli";
import { HOST_IDS, type HostId, type HostModel } from "./types";
import { vscode } from "./vscode";

export const HOSTS: Readonly<Record<HostId, HostModel>> = {
  "gemini-cli": geminiCli,
  "claude-code": claudeCode,
  vscode,
  codex,
};

export function isHostId(id: string): id is HostId {
  return (HOST_IDS as readonly string[]).includes(id);
}

/** `gemini-cli,codex` → ids; an unknown name is an error that lists the known ones. */
export function parseHostList(text: string): HostId[] {
  const ids = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !isHostId(id));
  if (unknown.length > 0)
    throw new Error(
      `Unknown host ${unknown.map((u) => `“${u}”`).join(", ")}: known hosts are ${HOST_IDS.join(", ")}.`,
    );
  return ids.length === 0 ? [...HOST_IDS] : [...new Set(ids as HostId[])];
}

export { HOST_IDS };
export type { HostId, HostModel };
