import { savedServerQuerySchema, type SavedServerListResponse } from "@/lib/api/saved-servers";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { listSaved, removeSaved } from "@/server/saved/connect";

export const dynamic = "force-dynamic";

export const GET = apiRoute(() => json({ servers: listSaved() } satisfies SavedServerListResponse));

export const DELETE = apiRoute((req) => {
  removeSaved(parseWith(savedServerQuerySchema, searchParams(req)).name);
  return new Response(null, { status: 204 });
});
