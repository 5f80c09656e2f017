import "server-only";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type DiscoverResult,
} from "@modelcontextprotocol/client";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Implementation } from "@/lib/api/contract";
import { clip } from "@/lib/limits/bounds";
import type { TrafficTap } from "../transports/traffic-tap";

export const MODERN_VERSION = "2026-07-28";
/** What the modern client declares: elicitation, so a server may answer a read with `input_required`. */
export const MODERN_CLIENT_CAPABILITIES = { elicitation: {} };

export type ProbeVerdict =
  | { kind: "modern"; discover: DiscoverResult }
  | { kind: "legacy"; reason: string }
  /** The connection ended on the probe (some servers exit on any request before `initialize`). */
  | { kind: "closed" };

const PROBE_ID = "inspector-discover";

/**
 * Send `server/discover` on the session's own (already tapped) transport before any client is
 * attached, and judge the answer (spec: versioning — a dual-era client probes, then falls back to
 * `initialize`). A result offering 2026-07-28 is modern; an error, another result or silence is
 * legacy. Not the v2 client's own `versionNegotiation: "auto"`: on a legacy verdict that client
 * would go on speaking the legacy era itself, and the legacy era stays SDK 1.32's. The verdict's
 * DiscoverResult is handed to the v2 client as `connect({ prior })`, so nothing is asked twice.
 * The tap's handlers are the session's before and after; `start()` is idempotent on the tap.
 */
export async function probeDiscover(
  tap: TrafficTap,
  clientInfo: Implementation,
  timeoutMs: number,
): Promise<ProbeVerdict> {
  const saved = { onmessage: tap.onmessage, onclose: tap.onclose, onerror: tap.onerror };
  let settle: (v: ProbeVerdict) => void = () => {};
  const verdict = new Promise<ProbeVerdict>((resolve) => (settle = resolve));
  const timer = setTimeout(
    () => settle({ kind: "legacy", reason: `server/discover had no answer within ${timeoutMs} ms` }),
    timeoutMs,
  );
  tap.onmessage = (message: JSONRPCMessage) => {
    if (!("id" in message) || message.id !== PROBE_ID) return;
    if ("error" in message) {
      settle({
        kind: "legacy",
        reason: `server/discover answered ${message.error.code} ${message.error.message}`,
      });
      return;
    }
    if ("result" in message) {
      const result = message.result as Partial<DiscoverResult>;
      if (Array.isArray(result.supportedVersions) && result.supportedVersions.includes(MODERN_VERSION))
        settle({ kind: "modern", discover: result as DiscoverResult });
      else settle({ kind: "legacy", reason: "server/discover does not offer 2026-07-28" });
    }
  };
  tap.onclose = () => settle({ kind: "closed" });
  tap.onerror = (err) => saved.onerror?.(err);
  try {
    await tap.start();
    // Over HTTP a legacy server may refuse the probe at the HTTP level (404 on an SSE endpoint,
    // 400 for a request without a session, 401 before sign-in): an answer, and not 2026-07-28.
    // A JSON-RPC error in the body comes back as a message instead (the modern binding's rule).
    const sent = tap.send({
      jsonrpc: "2.0",
      id: PROBE_ID,
      method: "server/discover",
      params: {
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: MODERN_VERSION,
          [CLIENT_INFO_META_KEY]: clientInfo,
          [CLIENT_CAPABILITIES_META_KEY]: MODERN_CLIENT_CAPABILITIES,
        },
      },
    });
    sent.catch((err: unknown) =>
      settle({
        kind: "legacy",
        reason: `server/discover failed (${clip(err instanceof Error ? err.message : String(err), 300)})`,
      }),
    );
    return await verdict;
  } finally {
    clearTimeout(timer);
    tap.onmessage = saved.onmessage;
    tap.onclose = saved.onclose;
    tap.onerror = saved.onerror;
  }
}
