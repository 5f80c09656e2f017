import "server-only";
import type { CompareResponse, CompareSide } from "@/lib/api/contract";
import { boundStateDiff } from "@/lib/capture/bounded-diff";
import { compareStates, ignoreMatchers } from "@/lib/capture/compare";
import type { ServerState } from "@/lib/capture/state";
import type { McpSession } from "@/server/mcp/session";
import { SessionNotConnectedError } from "@/server/mcp/session-errors";
import { sessionState, type CaptureOptions } from "./writer";

export interface CompareRequest {
  ignore?: readonly string[];
  /** Read every listed resource on both sides first ("capture all", its byte budget). */
  all?: boolean;
  signal?: AbortSignal;
}

/**
 * One side of a comparison as a ServerState. Every session is a live server for now: its listings
 * and its read log (server/capture/writer.ts). The one seam for an opened capture (a replay
 * session with `summary.capture`): answer the capture's own state here instead.
 */
export function stateForCompare(
  session: McpSession,
  options: Pick<CaptureOptions, "all" | "signal"> = {},
): Promise<ServerState> {
  return sessionState(session, options);
}

/** Whether a session is an opened capture (set by the replay sessions; absent on a live one). */
function isCapture(session: McpSession): boolean {
  const summary: object = session.summary();
  return "capture" in summary && Boolean(summary.capture);
}

export function compareSide(session: McpSession): CompareSide {
  return { sessionId: session.id, name: session.name, capture: isCapture(session) };
}

/** What changed from `before` to `after`, bounded for the page (POST /api/compare). */
export async function compareSessions(
  before: McpSession,
  after: McpSession,
  request: CompareRequest = {},
): Promise<CompareResponse> {
  const options = {
    ...(request.all ? { all: true } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  };
  // A live server that is not connected would compare as one that lists nothing: say so instead.
  for (const side of [before, after])
    if (!isCapture(side) && side.status !== "connected")
      throw new SessionNotConnectedError(side.name, side.status);
  // One after the other: the same session may be both sides, and "all" reads are not doubled.
  const a = await stateForCompare(before, options);
  const b = await stateForCompare(after, options);
  return {
    before: compareSide(before),
    after: compareSide(after),
    at: new Date().toISOString(),
    ...diffStates(a, b, request.ignore ?? []),
  };
}

/** compareStates with `ignore` pointers, capped for keeping and sending (lib/capture/bounded-diff.ts). */
export function diffStates(before: ServerState, after: ServerState, ignore: readonly string[]) {
  return boundStateDiff(compareStates(before, after, { matchers: ignoreMatchers(ignore) }));
}
