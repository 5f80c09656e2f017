import { frameBodySchema, sessionIdSchema, type FrameResponse } from "@/lib/api/contract";
import { frameDocumentOf, getFrameStore } from "@/server/http/frames";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** A sandboxed frame document for one HTML or PDF content item (served by app/frame/[id]). */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const body = parseWith(frameBodySchema, await readJson(req));
  // The document of a read the viewer already made, not a read of its own (a recording skips it).
  const result = await getRegistry()
    .get(parseWith(sessionIdSchema, id))
    .read(body.uri, false, { silent: true });
  const { bytes, contentType } = frameDocumentOf(result, body.index, body.kind);
  const frame = getFrameStore().add(bytes, contentType, body.scripts);
  return json({ url: `/frame/${frame.id}`, expiresAt: frame.expiresAt } satisfies FrameResponse, 201);
});
