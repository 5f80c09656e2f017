import { sessionIdSchema } from "@/lib/api/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>((_req, { id }) =>
  json(getRegistry().get(parseWith(sessionIdSchema, id)).summary()),
);

/** Answers once the server's whole process tree is gone. */
export const DELETE = apiRoute<{ id: string }>(async (_req, { id }) => {
  await getRegistry().remove(parseWith(sessionIdSchema, id));
  return new Response(null, { status: 204 });
});
