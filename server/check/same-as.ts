import "server-only";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { ignoreMatchers } from "@/lib/capture/compare";
import { diffPretty } from "@/lib/capture/report";
import type { Mismatch } from "@/lib/check/compare";
import type { Step } from "@/lib/check/schema";
import type { McpSession } from "@/server/mcp/session";
import { compareWithCapture } from "../capture/compare";
import { readCaptureFile } from "../capture/read-file";

/** Lines of the diff report an `expectSameAs` failure carries (its last line, the count, always). */
const SAME_AS_LINES = 40;

/**
 * The live server against a capture file (compareWithCapture: read the way the capture was taken),
 * compared under `ignore` and the step's matchers. A failure carries the diff report's first lines.
 */
export async function expectSameAs(
  session: McpSession,
  dir: string,
  step: Extract<Step, { action: "expectSameAs" }>,
): Promise<{ mismatches: Mismatch[] }> {
  const file = path.resolve(dir, step.capture);
  // Relative to the check file and inside its folder, symlinks resolved: a check (which the app
  // also runs) never reads elsewhere on disk.
  const inside = (base: string, p: string) => {
    const rel = path.relative(base, p);
    return rel !== "" && rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
  };
  const realDir = await realpath(dir).catch(() => dir);
  const real = await realpath(file).catch(() => path.resolve(realDir, path.relative(dir, file)));
  if (path.isAbsolute(step.capture) || !inside(dir, file) || !inside(realDir, real))
    throw new Error(`capture ${step.capture}: give a path inside the check file's folder`);
  const capture = await readCaptureFile(file);
  // Live as the capture was taken; the app's one compare budget: what it skipped fails the step.
  const { diff, changes, omitted } = await compareWithCapture(session, capture, {
    live: "after",
    matchers: { ...ignoreMatchers(step.ignore ?? []), ...step.matchers },
  });
  if (diff.equal) return { mismatches: [] };
  const report = diffPretty(diff, { before: step.capture, after: "the server", changes, omitted });
  const lines = report.trimEnd().split("\n");
  const shown =
    lines.length > SAME_AS_LINES ? [...lines.slice(0, SAME_AS_LINES - 1), "…", lines.at(-1)!] : lines;
  return {
    mismatches: [
      {
        path: "",
        problem: "different",
        expected: step.capture,
        message: `the server differs from ${step.capture}:\n${shown.join("\n")}`,
      },
    ],
  };
}
