import { startupIdSchema } from "@/lib/api/startup";
import { connectAnswer } from "@/server/http/lists";
import { apiRoute, parseWith } from "@/server/http/route";
import { retryStartup } from "@/server/http/startup-failures";

export const dynamic = "force-dynamic";

/** Connect a start-up server that did not start again; on success the page shows the session. */
export const POST = apiRoute<{ id: string }>(async (_req, { id }) =>
  connectAnswer(await retryStartup(parseWith(startupIdSchema, id))),
);
