import path from "node:path";
import { z } from "zod";
import { checkFileSchema } from "@/lib/check/schema";
import { runCheck } from "@/server/check/runner";
import { runCheckFiles } from "@/server/check/run-files";
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
  z.object({ files: z.array(z.string().min(1)).min(1).max(500) }).strict(),
]);

/** Run a draft check, or saved check files, each against a fresh server process. */
export const POST = apiRoute(async (req) => {
  const body = parseWith(bodySchema, await readJson(req));
  if ("files" in body) {
    const files = body.files.map((f) => path.resolve(appRoot(), f));
    return json({ results: await runCheckFiles(files, { vars: process.env }) });
  }
  const check = parseWith(checkFileSchema, body.check);
  const env = body.sessionId ? getRegistry().get(body.sessionId).launch.env : {};
  const { result } = await runCheck(check, { dir: appRoot(), vars: { ...process.env, ...env } });
  return json({ results: [result] });
});
