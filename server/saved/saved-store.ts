import "server-only";
import path from "node:path";
import { z } from "zod";
import { httpTransportChoices, type LaunchSpec } from "@/lib/api/contract";
import { configDir, newerVersion, readStoreFile, StoreFileError, writeFileAtomic } from "@/server/config-dir";
import { findJsonSyntaxError } from "@/lib/json/json-scan";

/** A server the user confirmed, as kept across restarts. */
export interface SavedServer {
  name: string;
  /** With `${VAR}` references where values are not stored (server/saved/stored-launch.ts). */
  launch: LaunchSpec;
  /** Environment or header names whose values are stored in the file. */
  stored: string[];
  savedAt: string;
}

/** The file cannot be used as it is; it is left alone, never overwritten. */
export class SavedServersFileError extends Error {}
export class SavedServerNotFoundError extends Error {}

const strings = z.record(z.string(), z.string());
/** The era the user chose when saving (absent: auto), kept so the server connects the same way. */
const era = z.enum(["legacy", "modern"]).optional();
const launchSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("stdio"),
    program: z.string().min(1),
    args: z.array(z.string()),
    env: strings,
    cwd: z.string().optional(),
    era,
  }),
  z.object({
    kind: z.literal("http"),
    url: z.string().min(1),
    transport: z.enum(httpTransportChoices),
    headers: strings,
    era,
  }),
]);
const FILE_VERSION = 1;
const fileSchema = z.object({
  version: z.literal(FILE_VERSION),
  servers: z.array(
    z.object({
      name: z.string().min(1).max(200),
      launch: launchSchema,
      stored: z.array(z.string()).default([]),
      savedAt: z.string(),
    }),
  ),
});

/** `servers.json` in the inspector's config directory. */
export function savedServersFile(): string {
  return path.join(configDir(), "servers.json");
}

/**
 * Saved servers, in the order they were first saved. No file yet: none. A file that is not JSON
 * or not in this format is an error naming the file and where it breaks — never its contents
 * (stored values may be secrets) — and nothing writes over it until the user fixes or removes it.
 */
export function readSavedServers(file = savedServersFile()): SavedServer[] {
  let text: string | null;
  try {
    text = readStoreFile(file, "saved-servers file");
  } catch (err) {
    if (err instanceof StoreFileError)
      throw new SavedServersFileError(`${err.message}; it is not overwritten`);
    throw err;
  }
  if (text === null) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const at = findJsonSyntaxError(text);
    throw new SavedServersFileError(
      `${file} is not valid JSON${at ? ` (line ${at.line}, column ${at.column}: ${at.reason})` : ""}; fix or remove it — it is not overwritten`,
    );
  }
  const newer = newerVersion(raw, FILE_VERSION);
  if (newer !== null)
    throw new SavedServersFileError(
      `${file} was written by a newer inspector (version ${newer}; this one reads and writes version ${FILE_VERSION}): update the inspector — the file is not overwritten`,
    );
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("") ?? "";
    throw new SavedServersFileError(
      `${file} is not a saved-servers file (${where.replace(/^\./, "") || "top level"}: ${issue?.code ?? "invalid"}); fix or remove it — it is not overwritten`,
    );
  }
  return parsed.data.servers;
}

function write(servers: SavedServer[], file: string): void {
  writeFileAtomic(file, `${JSON.stringify({ version: FILE_VERSION, servers }, null, 2)}\n`);
}

/** Save (or replace, by name) one server. A corrupt file throws before anything is written. */
export function saveServer(server: SavedServer, file = savedServersFile()): void {
  const servers = readSavedServers(file);
  const at = servers.findIndex((s) => s.name === server.name);
  if (at >= 0) servers[at] = server;
  else servers.push(server);
  write(servers, file);
}

export function removeSavedServer(name: string, file = savedServersFile()): void {
  const servers = readSavedServers(file);
  const rest = servers.filter((s) => s.name !== name);
  if (rest.length === servers.length) throw new SavedServerNotFoundError(`no saved server named "${name}"`);
  write(rest, file);
}

export function findSavedServer(name: string, file = savedServersFile()): SavedServer {
  const found = readSavedServers(file).find((s) => s.name === name);
  if (!found) throw new SavedServerNotFoundError(`no saved server named "${name}"`);
  return found;
}
