import { sessionIdSchema } from "@/lib/api/contract";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** A remote server's OAuth state and the steps its flow took (never a token). */
export const GET = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  if (!session.auth) throw new HttpError(409, "conflict", `Server "${session.name}" is not a remote server.`);
  return json(session.auth.state());
});
