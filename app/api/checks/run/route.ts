import { z } from "zod";
import { summarizeRepeats } from "@/lib/check/repeat";
import { checkFileSchema } from "@/lib/check/schema";
import type { CheckResult } from "@/lib/check/results";
import {
  checkFilesInRoot,
  draftRunVars,
  readRunEnvFile,
  redactResults,
  savedRunVars,
  sessionsWithLaunchOf,
  withCheckErrors,
} from "@/server/check/app-run";
import { launchVars } from "@/server/check/secret-references";
import { runCheck } from "@/server/check/runner";
import { runCheckFiles } from "@/server/check/run-files";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { appRoot } from "@/server/mcp/launch";
import { getRegistry } from "@/server/mcp/registry";
import { CaptureReadOnlyError } from "@/server/mcp/session-errors";

export const dynamic = "force-dynamic";

/** The session a draft takes its values from; never a capture's (a stranger's launch and env). */
function draftSession(id: string) {
  const session = getRegistry().get(id);
  if (!session.abilities.record) throw new CaptureReadOnlyError("run as a check");
  return session;
}

const bodySchema = z.union([
  z
    .object({
      check: z.unknown(),
      /** Resolve ${VAR} references from this session's launch env (the values the user typed). */
      sessionId: z.string().optional(),
      /** "Verify now": replay the draft this many times, one after another, and sum up per step. */
      repeat: z.number().int().min(1).max(5).optional(),
    })
    .strict(),
  z
    .object({
      /** Check files relative to the checks root (MCP_INSPECTOR_CHECKS_DIR). */
      files: z.array(z.string().min(1).max(4_096)).min(1).max(500),
      /** KEY=value lines for ${VAR} references: a file in the checks root, or the one MCP_INSPECTOR_ENV_FILE names. */
      envFile: z.string().trim().min(1).max(4_096).optional(),
    })
    .strict(),
]);

/**
 * Run a draft check, or saved check files, each against a fresh server process. No value a
 * `${VAR}` could take comes back: every one is redacted from every string of the results.
 */
export const POST = apiRoute(async (req) => {
  const body = parseWith(bodySchema, await readJson(req));
  if ("files" in body) {
    const { files, fileVars } = await withCheckErrors(async () => ({
      files: await checkFilesInRoot(body.files),
      fileVars: body.envFile ? await readRunEnvFile(body.envFile) : {},
    }));
    const { vars, values } = savedRunVars(fileVars);
    const results = await runCheckFiles(files, { vars });
    const sessions = getRegistry().list();
    // runCheckFiles keeps input order and drops nothing without a grep.
    const withSessions = await Promise.all(
      results.map(async (r, i) => ({
        ...r,
        sessionIds: await sessionsWithLaunchOf(files[i]!, vars, sessions),
      })),
    );
    return json({ results: redactResults(withSessions, values) });
  }
  const check = parseWith(checkFileSchema, body.check);
  const { vars, values } = draftRunVars(
    body.sessionId ? launchVars(draftSession(body.sessionId).launch) : {},
  );
  const runs: CheckResult[] = [];
  // One after another, a fresh server each time: parallel runs would load the machine and make
  // timing differ more than the user's replays will.
  for (let i = 0; i < (body.repeat ?? 1); i++)
    runs.push((await runCheck(check, { dir: appRoot(), vars })).result);
  const results = redactResults(runs, values);
  return json(
    body.repeat === undefined
      ? { results }
      : { results: results.slice(-1), repeat: summarizeRepeats(results) },
  );
});
