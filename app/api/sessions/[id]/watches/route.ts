import { sessionIdSchema, uriQuerySchema, watchBodySchema, type WatchListResponse } from "@/lib/api/contract";
import { apiRoute, json, parseWith, readJson, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  return json({ watches: [...session.watches.values()].map((w) => w.info()) } satisfies WatchListResponse);
});

/** Follow a resource: subscribe, read it once, and re-read on every update notification. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri } = parseWith(watchBodySchema, await readJson(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const watch = await session.watch(uri);
  return json(watch.info(), 201);
});

export const DELETE = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri } = parseWith(uriQuerySchema, searchParams(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  await session.unwatch(uri);
  return new Response(null, { status: 204 });
});
