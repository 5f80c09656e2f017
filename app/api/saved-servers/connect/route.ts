import { savedServerBodySchema } from "@/lib/saved-servers";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { connectSaved } from "@/server/saved/connect";

export const dynamic = "force-dynamic";

/** Reconnect a saved server by name (`${VAR}` from the app's environment). */
export const POST = apiRoute(async (req) => {
  const { name } = parseWith(savedServerBodySchema, await readJson(req));
  const session = await connectSaved(name);
  session.primeLists();
  return json(session.summary(), 201);
});
