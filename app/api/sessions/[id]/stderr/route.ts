import { sessionIdSchema, type StderrResponse } from "@/lib/api/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>((_req, { id }) =>
  json(getRegistry().get(parseWith(sessionIdSchema, id)).stderr.all() satisfies StderrResponse),
);
