import { callToolBodySchema, sessionIdSchema } from "@/lib/api/contract";
import { inFlight } from "@/server/http/tracked";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** The server's tools (all pages): some exist to change resources, which is what we debug. */
export const GET = apiRoute<{ id: string }>(async (_req, { id }) =>
  json({ tools: await getRegistry().get(parseWith(sessionIdSchema, id)).listTools() }),
);

/** Call one tool, e.g. to make the server add a resource or change one that is watched. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const body = parseWith(callToolBodySchema, await readJson(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  return json(await inFlight(req, session, (ctx) => session.callTool(body.name, body.arguments ?? {}, ctx)));
});
