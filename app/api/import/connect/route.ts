import { importConnectBodySchema } from "@/lib/api/saved-servers";
import { connectAnswer } from "@/server/http/lists";
import { apiRoute, parseWith, readJson } from "@/server/http/route";
import { connectImported } from "@/server/saved/connect";

export const dynamic = "force-dynamic";

/** Connect one confirmed server of a pasted config (its inputs filled in) and save it. */
export const POST = apiRoute(async (req) => {
  const body = parseWith(importConnectBodySchema, await readJson(req));
  const session = await connectImported(body);
  return connectAnswer(session);
});
