import "server-only";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { EraChoice, Implementation, LaunchSpec } from "@/lib/api/contract";
import { sessionKindOf } from "@/lib/launch/session-kinds";
import { clip } from "@/lib/limits/bounds";
import type { TrafficTap } from "../transports/traffic-tap";
import { LegacyProtocolClient } from "./legacy";
import { ModernProtocolClient } from "./modern";
import { probeDiscover } from "./probe";
import type { ProtocolClient, ProtocolHandlers } from "./types";

export type { ProtocolClient, ProtocolHandlers } from "./types";

/** The 2026-07-28 error for a version the server does not speak (spec: versioning). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The longest the probe waits for a silent server before speaking `initialize` to it. */
const PROBE_TIMEOUT_MS = 10_000;

/** The probe's connection ended: start the server again and speak `initialize` to it. */
export class ProbeClosedError extends Error {}

/** The user asked for 2026-07-28 and the server does not speak it. */
export class ModernEraUnsupportedError extends Error {}

/** The server refused `initialize` (-32022): it speaks only the 2026-07-28 era. */
export class LegacyEraUnsupportedError extends Error {}

export function eraChoiceOf(launch: LaunchSpec): EraChoice {
  return launch.era ?? "auto";
}

/** Where the 2026-07-28 era can be spoken: stdio, and Streamable HTTP (not SSE, not WebSocket). */
function speaksModern(launch: LaunchSpec): boolean {
  const kind = sessionKindOf(launch);
  return kind === "stdio" || kind === "streamable-http";
}

/**
 * Open a connection in the era the launch asks for, and return the client that speaks it.
 * `auto` probes `server/discover` (stdio, Streamable HTTP) and falls back to `initialize` only
 * when the answer is not 2026-07-28. `forceLegacy` is the retry after a server that closed on the
 * probe.
 */
export async function openProtocolClient(
  launch: LaunchSpec,
  tap: TrafficTap,
  clientInfo: Implementation,
  handlers: ProtocolHandlers,
  timeoutMs: number,
  forceLegacy = false,
): Promise<ProtocolClient> {
  const choice = forceLegacy ? "legacy" : eraChoiceOf(launch);
  if (choice === "legacy" || (choice === "auto" && !speaksModern(launch)))
    return connectLegacy(tap, clientInfo, handlers, timeoutMs);
  if (!speaksModern(launch))
    throw new ModernEraUnsupportedError(
      "The 2026-07-28 era has no binding for the legacy HTTP+SSE transport or WebSocket: choose Streamable HTTP, or the legacy era.",
    );
  const verdict = await probeDiscover(tap, clientInfo, Math.min(timeoutMs, PROBE_TIMEOUT_MS));
  if (verdict.kind === "closed") {
    if (choice === "modern")
      throw new ModernEraUnsupportedError("The server closed the connection on server/discover.");
    throw new ProbeClosedError("The server closed the connection on server/discover.");
  }
  if (verdict.kind === "legacy") {
    if (choice === "modern")
      throw new ModernEraUnsupportedError(`The server does not speak 2026-07-28: ${verdict.reason}.`);
    return connectLegacy(tap, clientInfo, handlers, timeoutMs);
  }
  const modern = new ModernProtocolClient(clientInfo, handlers, verdict.discover);
  await modern.connect(tap, { timeout: timeoutMs });
  return modern;
}

async function connectLegacy(
  tap: TrafficTap,
  clientInfo: Implementation,
  handlers: ProtocolHandlers,
  timeoutMs: number,
): Promise<ProtocolClient> {
  const legacy = new LegacyProtocolClient(clientInfo, handlers);
  try {
    await legacy.connect(tap, { timeout: timeoutMs });
  } catch (err) {
    throw refusedLegacy(err) ?? err;
  }
  return legacy;
}

/** -32022 Unsupported protocol version on `initialize`, as one sentence naming what it supports. */
function refusedLegacy(err: unknown): LegacyEraUnsupportedError | null {
  if (!(err instanceof McpError) || err.code !== UNSUPPORTED_PROTOCOL_VERSION) return null;
  const data = err.data as { supported?: unknown } | undefined;
  const supported = Array.isArray(data?.supported)
    ? data.supported
        .filter((v): v is string => typeof v === "string")
        .map((v) => clip(v, 40))
        .slice(0, 10)
    : [];
  const versions = supported.length
    ? `it supports only ${supported.join(", ")}`
    : "it names no version it supports";
  return new LegacyEraUnsupportedError(
    `The server refused the legacy era (initialize answered -32022 Unsupported protocol version): ${versions}; choose the auto or modern era.`,
  );
}
