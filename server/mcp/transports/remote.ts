import "server-only";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { HttpLaunch } from "@/lib/api/contract";
import type { OwnedTransportOptions } from "./owned";

/**
 * What a transport to a server behind a URL is, whatever carries it (http.ts, websocket.ts): the
 * SDK's three callbacks, why it ended (`failure`), no process of ours to exit, the launch, its URL
 * and options, and `onclose` told once however many ways it ends. Each subclass is the rest of an
 * OwnedTransport.
 */
export abstract class RemoteTransport<Options extends OwnedTransportOptions> {
  readonly kind = "http";
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  failure: Error | null = null;
  readonly exit = null;
  protected readonly url: URL;
  private closedNotified = false;

  constructor(
    protected readonly launch: HttpLaunch,
    protected readonly options: Options,
  ) {
    this.url = new URL(launch.url);
  }

  /** Any settle time is the SDK's or the socket's: there is no process to wait for. */
  async settle(): Promise<void> {}

  protected notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onclose?.();
  }
}
