import { contentQuerySchema, sessionIdSchema } from "@/lib/contract";
import { contentItemResponse } from "@/server/http/content";
import { apiRoute, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(async (req, { id }) => {
  const { uri, index, download } = parseWith(contentQuerySchema, searchParams(req));
  const result = await getRegistry().get(parseWith(sessionIdSchema, id)).read(uri);
  return contentItemResponse(result, uri, index, download === "1");
});
