import "server-only";
import type { CompareResponse, CompareSide } from "@/lib/api/contract";
import { boundStateDiff, type BoundedStateDiff } from "@/lib/capture/bounded-diff";
import { compareStatesAsync, ignoreMatchers } from "@/lib/capture/compare";
import { CompareMeter } from "@/lib/capture/compare-budget";
import type { Matcher } from "@/lib/check/schema";
import { stateOf } from "@/lib/capture/format";
import type { ServerState } from "@/lib/capture/state";
import type { McpSession } from "@/server/mcp/session";
import { RequestCancelledError, SessionNotConnectedError } from "@/server/mcp/session-errors";
import { captureAgainst } from "./against";
import { sessionState, type CaptureOptions } from "./writer";

export interface CompareRequest {
  ignore?: readonly string[];
  /** Read every listed resource on both sides first ("capture all", its byte budget). */
  all?: boolean;
  signal?: AbortSignal;
}

/**
 * One side of a comparison as a ServerState: an opened capture is its file's state as it was
 * heard; a live server is its listings and its read log (server/capture/writer.ts), after reading
 * what the other side read (`againstUris`, when the other side is a capture), so "this server now
 * against the capture in the bug report" compares the same reads.
 */
export async function stateForCompare(
  session: McpSession,
  options: Pick<CaptureOptions, "all" | "signal"> & { againstUris?: readonly string[] } = {},
): Promise<ServerState> {
  if (session.opened) return stateOf(session.opened.capture);
  const { againstUris, ...rest } = options;
  if (againstUris?.length) return stateOf(await captureAgainst(session, againstUris, rest));
  return sessionState(session, rest);
}

export function compareSide(session: McpSession): CompareSide {
  return { sessionId: session.id, name: session.name, capture: !session.abilities.live };
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
    if (side.abilities.live && side.status !== "connected")
      throw new SessionNotConnectedError(side.name, side.status);
  // One after the other: the same session may be both sides, and "all" reads are not doubled.
  // Against a capture, the live side first reads what the capture read (an empty list: its own reads).
  const capturedReads = (side: McpSession) => side.opened?.capture.reads.map((r) => r.uri) ?? [];
  const a = await stateForCompare(before, { ...options, againstUris: capturedReads(after) });
  const b = await stateForCompare(after, { ...options, againstUris: capturedReads(before) });
  const diff = await diffStates(a, b, {
    matchers: ignoreMatchers(request.ignore ?? []),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  // The page went away (or cancelled): nothing is sent, and the work above stopped at its next step.
  if (request.signal?.aborted) throw new RequestCancelledError("The comparison was cancelled.");
  return { before: compareSide(before), after: compareSide(after), at: new Date().toISOString(), ...diff };
}

/** A turn of the event loop: the requests that came in meanwhile are answered first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The one way the app compares two states (the route, `diff`, `expectSameAs`, the last-build
 * diff): under COMPARE_BUDGET's time and bytes, in slices that let other requests through, stopped
 * by `signal`, capped for keeping and sending (lib/capture/bounded-diff.ts).
 */
export async function diffStates(
  before: ServerState,
  after: ServerState,
  options: { matchers?: Record<string, Matcher>; signal?: AbortSignal } = {},
): Promise<BoundedStateDiff> {
  const meter = new CompareMeter(undefined, options.signal);
  const diff = await compareStatesAsync(before, after, {
    ...(options.matchers ? { matchers: options.matchers } : {}),
    meter,
    pause: nextTurn,
  });
  return boundStateDiff(diff, { meter });
}
