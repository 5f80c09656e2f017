import { z } from "zod";
import { decodeCapture } from "@/lib/capture/format";
import { MAX_CAPTURE_BODY_BYTES, MAX_CAPTURE_JSON_BYTES } from "@/server/http/limits";
import { connectAnswer } from "@/server/http/lists";
import { apiRoute, parseWith, readBytes, searchParams } from "@/server/http/route";
import { FIRST_LISTS_BUDGET_MS } from "@/server/mcp/list-cache";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

const querySchema = z.object({ file: z.string().min(1).max(255).optional() }).strict();

/** Open a capture offline (issue 25): the file's bytes (gzip or JSON) → a read-only session. */
export const POST = apiRoute(async (req) => {
  const { file } = parseWith(querySchema, searchParams(req));
  const bytes = await readBytes(req, MAX_CAPTURE_BODY_BYTES);
  const capture = await decodeCapture(bytes, { maxBytes: MAX_CAPTURE_JSON_BYTES });
  const session = await getRegistry().openCapture(
    { capture, ...(file !== undefined ? { file } : {}) },
    { listsWithin: FIRST_LISTS_BUDGET_MS },
  );
  return connectAnswer(session);
});
