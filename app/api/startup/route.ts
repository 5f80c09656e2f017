import { startupBodySchema, type StartupFailureListResponse } from "@/lib/api/startup";
import { connectAnswer } from "@/server/http/lists";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { listStartupFailures, startupConnect } from "@/server/http/startup-failures";

export const dynamic = "force-dynamic";

/** The servers named on the command line that are not running, with why (names, never values). */
export const GET = apiRoute(() =>
  json({ failures: listStartupFailures() } satisfies StartupFailureListResponse),
);

/** The launcher's connect of a command-line server: kept as a failure when it does not start. */
export const POST = apiRoute(async (req) => {
  const result = await startupConnect(parseWith(startupBodySchema, await readJson(req)));
  return "session" in result ? connectAnswer(result.session) : json(result.failure, 201);
});
