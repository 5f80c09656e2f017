import "server-only";
import type { EraChoice, Implementation, LaunchSpec } from "@/lib/api/contract";
import type { TrafficTap } from "../transports/traffic-tap";
import { LegacyProtocolClient } from "./legacy";
import { ModernProtocolClient } from "./modern";
import { probeDiscover } from "./probe";
import type { ProtocolClient, ProtocolHandlers } from "./types";

export type { ProtocolClient, ProtocolHandlers } from "./types";

/** The longest the probe waits for a silent server before speaking `initialize` to it. */
const PROBE_TIMEOUT_MS = 10_000;

/** The probe's connection ended: start the server again and speak `initialize` to it. */
export class ProbeClosedError extends Error {}

/** The user asked for 2026-07-28 and the server does not speak it. */
export class ModernEraUnsupportedError extends Error {}

export function eraChoiceOf(launch: LaunchSpec): EraChoice {
  return launch.era ?? "auto";
}

/**
 * Open a connection in the era the launch asks for, and return the client that speaks it.
 * `auto` probes `server/discover` on stdio; remote servers stay legacy until the inspector's HTTP
 * transports speak the 2026-07-28 HTTP binding (they are SDK 1.32's). `forceLegacy` is the retry
 * after a server that closed on the probe.
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
  if (choice === "legacy" || (choice === "auto" && launch.kind === "http")) {
    const legacy = new LegacyProtocolClient(clientInfo, handlers);
    await legacy.connect(tap, { timeout: timeoutMs });
    return legacy;
  }
  if (launch.kind === "http")
    throw new ModernEraUnsupportedError(
      "The 2026-07-28 era is not available for remote servers yet: choose auto or legacy.",
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
    const legacy = new LegacyProtocolClient(clientInfo, handlers);
    await legacy.connect(tap, { timeout: timeoutMs });
    return legacy;
  }
  const modern = new ModernProtocolClient(clientInfo, handlers, verdict.discover);
  await modern.connect(tap, { timeout: timeoutMs });
  return modern;
}
