import "server-only";
import type { LaunchSpec } from "@/lib/contract";
import { OwnedHttpTransport, type HttpTransportOptions } from "./http";
import type { OwnedTransport } from "./owned";
import { OwnedStdioTransport } from "./stdio";

export type { OwnedTransport } from "./owned";

/** The transport for a launch, chosen by its kind: the only place that knows every kind. */
export function createTransport(launch: LaunchSpec, options: HttpTransportOptions): OwnedTransport {
  switch (launch.kind) {
    case "stdio":
      return new OwnedStdioTransport(launch, options);
    case "http":
      return new OwnedHttpTransport(launch, options);
  }
}
