import "server-only";
import { availableParallelism } from "node:os";
import path from "node:path";
import { CheckFileError, loadCheckFile, saveCheckFile } from "./files";
import { runCheck, type CheckResult, type CheckSignIn } from "./runner";

export interface RunFilesOptions {
  vars: Record<string, string | undefined>;
  timeoutMs?: number;
  update?: boolean;
  grep?: RegExp;
  /** Checks run in parallel across files, at most this many at once. */
  jobs?: number;
  /** The one-shot CLI's OAuth sign-in (runner.ts CheckSignIn). */
  signIn?: CheckSignIn;
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
  return (await runRepeated(files, options, 1)).flatMap((runs) => runs.slice(0, 1));
}

/**
 * Every check file `repeat` times, each run against a fresh server (`check --repeat N`): per file,
 * its runs in order. Runs of all files share the bounded parallelism; never updates files.
 */
export function runCheckFilesRepeated(
  files: readonly CheckFileRef[],
  options: Omit<RunFilesOptions, "update">,
  repeat: number,
): Promise<CheckResult[][]> {
  return runRepeated(files, options, repeat);
}

async function runRepeated(
  files: readonly CheckFileRef[],
  options: RunFilesOptions,
  repeat: number,
): Promise<CheckResult[][]> {
  const jobs = Math.max(1, options.jobs ?? Math.min(4, availableParallelism()));
  const results: (CheckResult | undefined)[][] = files.map(() =>
    Array.from({ length: repeat }, () => undefined),
  );
  const work = files.flatMap((_, i) => Array.from({ length: repeat }, (_, r) => ({ i, r })));
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { i, r } = work[next++]!;
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
          ...(options.signIn ? { signIn: options.signIn } : {}),
        });
        if (updated && !result.error) await saveCheckFile(file, updated, { overwrite: true, label });
        results[i]![r] = result;
      } catch (err) {
        const message = err instanceof CheckFileError ? err.message : String(err);
        results[i]![r] = {
          name: label,
          file: label,
          status: "failed",
          durationMs: 0,
          steps: [],
          error: message,
        };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, work.length) }, worker));
  return results
    .map((runs) => runs.filter((r): r is CheckResult => r !== undefined))
    .filter((runs) => runs.length > 0);
}
