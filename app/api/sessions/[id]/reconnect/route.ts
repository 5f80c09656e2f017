import { sessionIdSchema } from "@/lib/api/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Start a disconnected session's server again with the same launch; watches are re-subscribed. */
export const POST = apiRoute<{ id: string }>(async (_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  await session.reconnect();
  return json(session.summary());
});
