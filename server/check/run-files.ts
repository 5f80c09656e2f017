import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import { CheckFileError, loadCheckFile, saveCheckFile } from "./files";
import { runCheck, type CheckResult } from "./runner";

export interface RunFilesOptions {
  vars: Record<string, string | undefined>;
  timeoutMs?: number;
  update?: boolean;
  grep?: RegExp;
  /** Checks run in parallel across files, at most this many at once. */
  jobs?: number;
}

/** A check file to run: where it is, and how results and errors name it. */
export interface CheckFileRef {
  file: string;
  label: string;
}

/** Run every check file (bounded parallelism), in input order; `update` rewrites files in place. */
export async function runCheckFiles(
  files: readonly CheckFileRef[],
  options: RunFilesOptions,
): Promise<CheckResult[]> {
  const jobs = Math.max(1, options.jobs ?? Math.min(4, availableParallelism()));
  const results: (CheckResult | undefined)[] = Array.from({ length: files.length }, () => undefined);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const { file, label } = files[i]!;
      try {
        const check = await loadCheckFile(file, label);
        if (options.grep && !options.grep.test(check.name) && !options.grep.test(label)) continue;
        const { result, updated } = await runCheck(check, {
          dir: path.dirname(file),
          vars: options.vars,
          file: label,
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
          ...(options.update ? { update: true } : {}),
        });
        if (updated && !result.error) await saveCheckFile(file, updated, { overwrite: true, label });
        results[i] = result;
      } catch (err) {
        const message = err instanceof CheckFileError ? err.message : String(err);
        results[i] = { name: label, file: label, status: "failed", durationMs: 0, steps: [], error: message };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
  return results.filter((r): r is CheckResult => r !== undefined);
}
