import { sessionIdSchema } from "@/lib/api/contract";
import type { CancelResponse } from "@/lib/api/progress";
import { requestIdSchema } from "@/server/http/tracked";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/**
 * Cancel a request the page started (named by its X-Inspector-Request-Id): the server is sent
 * `notifications/cancelled` and the waiting route answers 409. `cancelled: false` when it had
 * already ended.
 */
export const POST = apiRoute<{ id: string; requestId: string }>((_req, { id, requestId }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const cancelled = session.inFlight.cancel(parseWith(requestIdSchema, requestId));
  return json({ cancelled } satisfies CancelResponse);
});
