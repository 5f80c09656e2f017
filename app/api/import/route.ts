import { importBodySchema, type ImportResponse } from "@/lib/api/contract";
import { parseServerConfig } from "@/lib/import/server-config";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";

export const dynamic = "force-dynamic";

/** Read a pasted config (or command line, or URL) into servers to review; starts nothing. */
export const POST = apiRoute(async (req) => {
  const { text } = parseWith(importBodySchema, await readJson(req));
  return json(parseServerConfig(text) satisfies ImportResponse);
});
