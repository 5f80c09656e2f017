import { startupIdSchema } from "@/lib/api/startup";
import { apiRoute, parseWith } from "@/server/http/route";
import { dismissStartup } from "@/server/http/startup-failures";

export const dynamic = "force-dynamic";

/** The user dismissed the card of a start-up server that did not start. */
export const DELETE = apiRoute<{ id: string }>((_req, { id }) => {
  dismissStartup(parseWith(startupIdSchema, id));
  return new Response(null, { status: 204 });
});
