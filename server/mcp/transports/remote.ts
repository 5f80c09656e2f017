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

/**
 * The request with the user's headers added when it goes to the server's own origin, and as it
 * is otherwise. What the transport sets itself (Accept, Content-Type, Mcp-Session-Id,
 * Mcp-Protocol-Version, Last-Event-ID, the OAuth token) is kept: a user header never replaces a
 * protocol header. (An own Authorization header turns OAuth off for the session: session.ts.)
 */
export function withServerHeaders(
  url: string | URL,
  init: RequestInit | undefined,
  origin: string,
  headers: Readonly<Record<string, string>>,
): RequestInit | undefined {
  const names = Object.keys(headers);
  if (names.length === 0 || new URL(url).origin !== origin) return init;
  const merged = new Headers(init?.headers);
  for (const name of names) if (!merged.has(name)) merged.set(name, headers[name]!);
  return { ...init, headers: merged };
}
