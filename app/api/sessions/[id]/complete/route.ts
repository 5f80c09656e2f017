import { completeBodySchema, sessionIdSchema, type CompleteResponse } from "@/lib/api/contract";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Completion values for one template argument; 409 when the server has no completions capability. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const body = parseWith(completeBodySchema, await readJson(req));
  const result = await getRegistry()
    .get(parseWith(sessionIdSchema, id))
    .complete(body.uriTemplate, body.argument, body.context);
  return json(result satisfies CompleteResponse);
});
