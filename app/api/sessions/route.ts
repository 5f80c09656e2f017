import { createSessionBodySchema, type SessionListResponse } from "@/lib/api/contract";
import { connectAnswer } from "@/server/http/lists";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { resolveLaunch } from "@/server/mcp/launch";
import { FIRST_LISTS_BUDGET_MS } from "@/server/mcp/list-cache";
import { getRegistry } from "@/server/mcp/registry";
import { startAndSave } from "@/server/saved/connect";

export const dynamic = "force-dynamic";

export const GET = apiRoute(() =>
  json({
    sessions: getRegistry()
      .list()
      .map((s) => s.summary()),
  } satisfies SessionListResponse),
);

export const POST = apiRoute(async (req) => {
  const body = parseWith(createSessionBodySchema, await readJson(req));
  const { launch, name, preset } = resolveLaunch(body);
  const session =
    "save" in body && body.save
      ? await startAndSave(launch, name, body.keepValues === true)
      : await getRegistry().create(launch, name, preset, { listsWithin: FIRST_LISTS_BUDGET_MS });
  return connectAnswer(session);
});
