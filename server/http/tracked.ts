import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from "@/lib/api/progress";

export const requestIdSchema = z.string().regex(REQUEST_ID_PATTERN, "a request id of 8–64 [A-Za-z0-9_-]");
import type { RequestContext } from "@/server/mcp/in-flight";
import type { McpSession } from "@/server/mcp/session";
import { parseWith } from "./route";

/**
 * Run one user request of `session` as a request in flight: named by the page's
 * `X-Inspector-Request-Id` (or a fresh id nobody will cancel by name), cancelled when the page
 * aborts its fetch (Next and the fast lane abort `req.signal` when the connection closes early).
 */
export function inFlight<T>(
  req: Request,
  session: McpSession,
  work: (ctx: RequestContext) => Promise<T>,
): Promise<T> {
  const header = req.headers.get(REQUEST_ID_HEADER);
  const id = header === null ? randomBytes(12).toString("base64url") : parseWith(requestIdSchema, header);
  return session.inFlight.run(id, req.signal, work);
}
