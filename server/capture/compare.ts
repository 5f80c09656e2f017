import "server-only";
import type { CompareResponse, CompareSide } from "@/lib/api/contract";
import { boundStateDiff, type BoundedStateDiff } from "@/lib/capture/bounded-diff";
import { compareStatesAsync, ignoreMatchers } from "@/lib/capture/compare";
import { CompareMeter } from "@/lib/capture/compare-budget";
import type { Matcher } from "@/lib/check/schema";
import { stateOf, type Capture } from "@/lib/capture/format";
import type { ServerState } from "@/lib/capture/state";
import type { McpSession } from "@/server/mcp/session";
import { RequestCancelledError, SessionNotConnectedError } from "@/server/mcp/session-errors";
import { captureAgainst, type AgainstOptions } from "./against";
import { sessionState, type CaptureOptions } from "./writer";

export interface CompareRequest {
  ignore?: readonly string[];
  /** Read every listed resource on both sides first ("capture all", its byte budget). */
  all?: boolean;
  signal?: AbortSignal;
}

/**
 * One side of a comparison as a ServerState: an opened capture is its file's state as it was
 * heard; a live server is its listings and its read log (server/capture/writer.ts).
 */
export async function stateForCompare(
  session: McpSession,
  options: Pick<CaptureOptions, "all" | "signal"> = {},
): Promise<ServerState> {
  if (session.opened) return stateOf(session.opened.capture);
  return sessionState(session, options);
}

export function compareSide(session: McpSession): CompareSide {
  return { sessionId: session.id, name: session.name, capture: !session.abilities.live };
}

export interface WithCaptureOptions extends AgainstOptions {
  /** Which side the live server is on; the capture is the other. */
  live: "before" | "after";
  matchers?: Record<string, Matcher>;
}

/**
 * The one live-vs-capture comparison (the route, `diff`, `expectSameAs`): the live server captured
 * the way `capture` was taken (captureAgainst: its reads, and its "capture all" and byte budget,
 * againstBudget), then both compared by diffStates under COMPARE_BUDGET. The live side's capture
 * comes back too, for what it could not hold.
 */
export async function compareWithCapture(
  session: McpSession,
  capture: Capture,
  options: WithCaptureOptions,
): Promise<BoundedStateDiff & { live: Capture }> {
  const { live: side, matchers, ...against } = options;
  const live = await captureAgainst(session, capture, against);
  const [before, after] = side === "before" ? [live, capture] : [capture, live];
  const diff = await diffStates(stateOf(before), stateOf(after), {
    ...(matchers ? { matchers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { ...diff, live };
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
  const matchers = ignoreMatchers(request.ignore ?? []);
  // A live server that is not connected would compare as one that lists nothing: say so instead.
  for (const side of [before, after])
    if (side.abilities.live && side.status !== "connected")
      throw new SessionNotConnectedError(side.name, side.status);
  // Against a capture, the live side is captured the way the capture was taken.
  const [a, b] = [before.opened?.capture, after.opened?.capture];
  const against = a ?? b;
  const { diff, changes, omitted } =
    against && !(a && b)
      ? await compareWithCapture(a ? after : before, against, {
          ...options,
          matchers,
          live: a ? "after" : "before",
        })
      : // One after the other: the same session may be both sides, and "all" reads are not doubled.
        await diffStates(await stateForCompare(before, options), await stateForCompare(after, options), {
          matchers,
          ...(request.signal ? { signal: request.signal } : {}),
        });
  // The page went away (or cancelled): nothing is sent, and the work above stopped at its next step.
  if (request.signal?.aborted) throw new RequestCancelledError("The comparison was cancelled.");
  const at = new Date().toISOString();
  return { before: compareSide(before), after: compareSide(after), at, diff, changes, omitted };
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
