import path from "node:path";
import { z } from "zod";
import { checkFileSchema } from "@/lib/check/schema";
import { redactResults, secretValues, sessionsWithLaunchOf } from "@/server/check/app-run";
import { CheckFileError, readEnvFile } from "@/server/check/files";
import { runCheck } from "@/server/check/runner";
import { runCheckFiles } from "@/server/check/run-files";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { appRoot } from "@/server/mcp/launch";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

const bodySchema = z.union([
  z
    .object({
      check: z.unknown(),
      /** Resolve ${VAR} references from this session's launch env (the values the user typed). */
      sessionId: z.string().optional(),
    })
    .strict(),
  z
    .object({
      files: z.array(z.string().min(1)).min(1).max(500),
      /** KEY=value lines for ${VAR} references, as the CLI's --env-file; relative to the app's folder. */
      envFile: z.string().trim().min(1).max(4_096).optional(),
    })
    .strict(),
]);

/** Run a draft check, or saved check files, each against a fresh server process. */
export const POST = apiRoute(async (req) => {
  const body = parseWith(bodySchema, await readJson(req));
  if ("files" in body) {
    let fileVars: Record<string, string> = {};
    if (body.envFile) {
      try {
        fileVars = readEnvFile(path.resolve(appRoot(), body.envFile));
      } catch (err) {
        if (err instanceof CheckFileError) throw new HttpError(400, "bad_request", err.message);
        throw err;
      }
    }
    // As in the CLI, the environment wins over the file.
    const vars = { ...fileVars, ...process.env };
    const files = body.files.map((f) => path.resolve(appRoot(), f));
    const results = await runCheckFiles(files, { vars });
    const sessions = getRegistry().list();
    // runCheckFiles keeps input order and drops nothing without a grep.
    const withSessions = results.map((r, i) => ({
      ...r,
      sessionIds: sessionsWithLaunchOf(files[i]!, vars, sessions),
    }));
    return json({ results: redactResults(withSessions, secretValues(fileVars)) });
  }
  const check = parseWith(checkFileSchema, body.check);
  const env = body.sessionId ? getRegistry().get(body.sessionId).launch.env : {};
  const { result } = await runCheck(check, { dir: appRoot(), vars: { ...process.env, ...env } });
  return json({ results: [result] });
});
