import "server-only";
import type { LaunchSpec } from "@/lib/api/contract";
import { OwnedHttpTransport, type HttpTransportOptions } from "./http";
import type { OwnedTransport } from "./owned";
import { OwnedStdioTransport } from "./stdio";
import { OwnedWebSocketTransport } from "./websocket";
import type { Capture } from "@/lib/capture/format";
import type { HttpLaunch, StdioLaunch } from "@/lib/launch/launch-contract";
import { sessionKindOf } from "@/lib/launch/session-kinds";
import { OwnedReplayTransport } from "./replay";

export type { OwnedTransport } from "./owned";

/** What a launch's transport is given; a capture opened offline brings its contents to replay. */
export interface TransportOptions extends HttpTransportOptions {
  replay?: Capture;
}

/**
 * The transport for a launch, chosen by its kind (lib/launch/session-kinds.ts): the one place that
 * builds them, a capture's replay included. (Which remote transports exist, and how configs, the
 * command line and the review step name them, is the registry `HTTP_TRANSPORTS` in
 * lib/launch/http-input.ts; a launch kind's own fields are in lib/api/contract.ts.)
 */
export function createTransport(launch: LaunchSpec, options: TransportOptions): OwnedTransport {
  const kind = sessionKindOf(launch, options.replay !== undefined);
  switch (kind) {
    case "capture":
      return new OwnedReplayTransport(options.replay!);
    case "stdio":
      return new OwnedStdioTransport(launch as StdioLaunch, options);
    case "websocket":
      return new OwnedWebSocketTransport(launch as HttpLaunch, options);
    case "streamable-http":
    case "sse":
      return new OwnedHttpTransport(launch as HttpLaunch, options);
  }
}
