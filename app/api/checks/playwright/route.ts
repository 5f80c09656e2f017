import path from "node:path";
import { z } from "zod";
import { checkFileSchema } from "@/lib/check/schema";
import { CheckPathError, checksRoot, segmentsOf } from "@/server/check/checks-root";
import { withCheckErrors } from "@/server/check/app-run";
import { playwrightSpec, specFileName } from "@/server/check/playwright-export";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { appRoot } from "@/server/mcp/launch";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ check: z.unknown(), checkPath: z.string().min(1).max(4_096) }).strict();

/**
 * A Playwright Test spec that runs the saved check file through the package API. `checkPath` is
 * relative to the checks root, as the save route answers it (the file need not exist yet); the
 * spec names it relative to the app's folder, where Playwright runs.
 */
export const POST = apiRoute(async (req) => {
  const body = parseWith(bodySchema, await readJson(req));
  const check = parseWith(checkFileSchema, body.check);
  const segments = await withCheckErrors(() => {
    const parts = segmentsOf(body.checkPath, "checkPath");
    if (parts.length === 0) throw new CheckPathError("checkPath: names the checks folder, not a check file");
    return parts;
  });
  const specPath = path
    .relative(appRoot(), path.join(checksRoot(), ...segments))
    .split(path.sep)
    .join("/");
  return json({ filename: specFileName(body.checkPath), source: playwrightSpec(check, specPath) });
});
