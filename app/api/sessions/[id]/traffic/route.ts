import { sessionIdSchema, type TrafficResponse } from "@/lib/api/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>((_req, { id }) =>
  json(getRegistry().get(parseWith(sessionIdSchema, id)).traffic.all() satisfies TrafficResponse),
);
