import "server-only";
import type { LaunchSpec } from "@/lib/api/contract";
import { OwnedHttpTransport, type HttpTransportOptions } from "./http";
import type { OwnedTransport } from "./owned";
import { OwnedStdioTransport } from "./stdio";
import { OwnedWebSocketTransport } from "./websocket";
import { transportFor } from "@/lib/launch/http-input";

export type { OwnedTransport } from "./owned";

/**
 * The transport for a launch, chosen by its kind: the one place that builds them. (Which remote
 * transports exist, and how configs, the command line and the review step name them, is the
 * registry `HTTP_TRANSPORTS` in lib/launch/http-input.ts; a launch kind's own fields are in lib/api/contract.ts.)
 */
export function createTransport(launch: LaunchSpec, options: HttpTransportOptions): OwnedTransport {
  switch (launch.kind) {
    case "stdio":
      return new OwnedStdioTransport(launch, options);
    case "http":
      // `auto` with a ws:// or wss:// URL is WebSocket (launchProblem refused the mismatches).
      return transportFor(launch.url, launch.transport) === "websocket"
        ? new OwnedWebSocketTransport(launch, options)
        : new OwnedHttpTransport(launch, options);
  }
}
