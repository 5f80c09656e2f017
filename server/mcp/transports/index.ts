import "server-only";
import type { LaunchSpec } from "@/lib/api/contract";
import { OwnedHttpTransport, type HttpTransportOptions } from "./http";
import type { OwnedTransport } from "./owned";
import { OwnedStdioTransport } from "./stdio";

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
      return new OwnedHttpTransport(launch, options);
  }
}
