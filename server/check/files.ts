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

/** An env file bigger than this is a wrong path (a log, a device), not KEY=value lines. */
const MAX_ENV_FILE_BYTES = 1024 * 1024;

/**
 * KEY=value lines (dotenv syntax, as Node parses it). Throws CheckFileError naming the file when
 * it is missing, unreadable, not a regular file or implausibly big; never quotes its content.
 */
export function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new CheckFileError(`env file ${file}: not a regular file`);
    if (st.size > MAX_ENV_FILE_BYTES)
      throw new CheckFileError(`env file ${file}: larger than ${MAX_ENV_FILE_BYTES} bytes`);
    text = readFileSync(file, "utf8");
  } catch (err) {
    if (err instanceof CheckFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EACCES" || code === "EPERM"
          ? "not readable (permission denied)"
          : `could not be read (${code ?? "error"})`;
    throw new CheckFileError(`env file ${file}: ${why}`);
  }
  return parseEnv(text) as Record<string, string>;
}
