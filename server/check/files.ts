import "server-only";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { checkFileSchema, type CheckFile } from "@/lib/check/schema";

export const CHECK_SUFFIX = ".check.json";
export const DEFAULT_CHECK_DIR = "mcp-checks";

export class CheckFileError extends Error {}

/** Expand files and folders (recursively) into check files, sorted for a stable order. */
export function findCheckFiles(targets: readonly string[]): string[] {
  const out = new Set<string>();
  const visit = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new CheckFileError(`${p}: no such file or folder`);
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p, { withFileTypes: true })) {
        if (e.name === "node_modules" || e.name.startsWith(".")) continue;
        const child = path.join(p, e.name);
        if (e.isDirectory()) visit(child);
        else if (e.name.endsWith(CHECK_SUFFIX)) out.add(path.resolve(child));
      }
    } else out.add(path.resolve(p));
  };
  for (const t of targets) visit(t);
  return [...out].sort();
}

export function loadCheckFile(file: string): CheckFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new CheckFileError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  const r = checkFileSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new CheckFileError(`${file}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`);
  }
  return r.data;
}

/** Stable, diff-friendly output: two-space JSON with a trailing newline. */
export function serializeCheck(check: CheckFile): string {
  return `${JSON.stringify(check, null, 2)}\n`;
}

export function saveCheckFile(file: string, check: CheckFile): void {
  writeFileSync(file, serializeCheck(check));
}

/** KEY=value lines (dotenv syntax, as Node parses it). */
export function readEnvFile(file: string): Record<string, string> {
  return parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
}
