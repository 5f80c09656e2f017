import { savedServerBodySchema } from "@/lib/api/saved-servers";
import { connectAnswer } from "@/server/http/lists";
import { apiRoute, parseWith, readJson } from "@/server/http/route";
import { connectSaved } from "@/server/saved/connect";

export const dynamic = "force-dynamic";

/** Reconnect a saved server by name (`${VAR}` from the app's environment). */
export const POST = apiRoute(async (req) => {
  const { name } = parseWith(savedServerBodySchema, await readJson(req));
  const session = await connectSaved(name);
  return connectAnswer(session);
});
