/**
 * The package's programmatic API (`import { runCheckFile } from "mcp-resource-inspector/check"`),
 * bundled to dist/check-api.mjs by `npm run build`. Exported Playwright specs call it.
 */
import path from "node:path";
import { loadCheckFile } from "./files";
import { pretty } from "./report";
import { runCheck, type CheckResult } from "./runner";

export type { CheckResult, StepResult } from "./runner";

export interface RunCheckFileOptions {
  /** Values for `${VAR}` references; default process.env. `MCP_INSPECTOR_*` names never resolve. */
  vars?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/** Run one check file against a fresh server; `report` is the readable per-step result. */
export async function runCheckFile(
  file: string,
  options: RunCheckFileOptions = {},
): Promise<{ passed: boolean; result: CheckResult; report: string }> {
  const abs = path.resolve(file);
  const label = path.relative(process.cwd(), abs);
  const { result } = await runCheck(await loadCheckFile(abs, label), {
    dir: path.dirname(abs),
    vars: options.vars ?? process.env,
    file: label,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { passed: result.status === "passed", result, report: pretty([result]) };
}
