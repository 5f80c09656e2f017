import { sessionIdSchema, uriQuerySchema } from "@/lib/api/contract";
import { readAnswerBodySchema } from "@/lib/api/input-required";
import { registerFastRoute } from "@/server/http/fast-lane";
import { inFlight } from "@/server/http/tracked";
import { apiRoute, json, parseWith, readJson, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri } = parseWith(uriQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  return json(await inFlight(req, session, (ctx) => session.read(uri, false, {}, ctx)));
});

/** An input_required read answered: the read again with `inputResponses` and the echoed `requestState`. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri, ...answer } = parseWith(readAnswerBodySchema, await readJson(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  return json(await inFlight(req, session, (ctx) => session.answerRead(uri, answer, ctx)));
});

// The launcher answers later reads with this same handler, without Next's router (fast-lane.ts).
registerFastRoute("read", GET);
