import { sessionIdSchema } from "@/lib/api/contract";
import type { SignInResponse } from "@/lib/api/oauth";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** Connect again; when the server wants consent, where to send the browser (a fresh flow). */
export const POST = apiRoute<{ id: string }>(async (_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const authorizationUrl = await session.signIn();
  return json({ authorizationUrl } satisfies SignInResponse);
});
