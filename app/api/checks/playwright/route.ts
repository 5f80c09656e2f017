import { z } from "zod";
import { checkFileSchema } from "@/lib/check/schema";
import { playwrightSpec } from "@/server/check/playwright-export";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ check: z.unknown(), checkPath: z.string().min(1).max(4_096) }).strict();

/** A Playwright Test spec that runs the saved check file through the package API. */
export const POST = apiRoute(async (req) => {
  const body = parseWith(bodySchema, await readJson(req));
  const check = parseWith(checkFileSchema, body.check);
  const name = body.checkPath.replace(/^.*\//, "").replace(/\.check\.json$/, "");
  return json({ filename: `${name}.mcp-check.spec.ts`, source: playwrightSpec(check, body.checkPath) });
});
