import { sessionIdSchema } from "@/lib/api/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Forget the server's tokens (and their stored copy); the connection they opened ends. */
export const POST = apiRoute<{ id: string }>(async (_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  await session.signOut();
  return json(session.summary());
});
