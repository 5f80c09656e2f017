import "server-only";
import { escapeHidden } from "@/lib/launch/hidden-characters";
import { clip } from "@/lib/limits/bounds";
import { describeHttpFailure, errnoOf } from "./http-failures";

/**
 * One sentence for each way a WebSocket server fails to come up or goes away (the style of
 * ./http-failures.ts, whose network sentences it shares): what the user reads in the connect
 * error, the server card and the CLI.
 */

/** The upgrade request was answered with an HTTP status instead of 101 Switching Protocols. */
export interface Refusal {
  status: number;
  /** A redirect's target (bounded): shown, never followed. */
  location?: string;
}

export function describeHandshakeFailure(
  err: Error | null,
  refusal: Refusal | null,
  url: URL,
  timeoutMs: number | undefined,
  ownHeaders: boolean,
): string {
  if (refusal) return describeRefusal(refusal, url, ownHeaders);
  if (!err) return `The WebSocket connection to ${url.href} closed before it opened.`;
  if (errnoOf(err)) {
    const said = describeHttpFailure(err, url);
    if (said) return said;
  }
  if (/subprotocol/i.test(err.message))
    return `${url.href} accepted the WebSocket but not the "mcp" subprotocol (Sec-WebSocket-Protocol: ${err.message}): it is not an MCP WebSocket server.`;
  if (/Invalid (Upgrade|Sec-WebSocket-Accept) header/i.test(err.message))
    return `${url.href} is not a WebSocket endpoint (${err.message}). Check the URL and the transport.`;
  if (/handshake has timed out/i.test(err.message))
    return `${url.host} did not complete the WebSocket handshake${timeoutMs ? ` within ${timeoutMs} ms` : ""}.`;
  return `Could not open a WebSocket to ${url.href}: ${clip(err.message, 300)}`;
}

function describeRefusal({ status, location }: Refusal, url: URL, ownHeaders: boolean): string {
  if (status === 401)
    return ownHeaders
      ? `${url.href} answered 401 Unauthorized to the WebSocket upgrade with the headers you gave: check their values. (OAuth sign-in is not available over WebSocket.)`
      : `${url.href} answered 401 Unauthorized to the WebSocket upgrade. OAuth sign-in is not available over WebSocket: add the server's API key or an Authorization header (the review step's headers, or -H on the command line).`;
  if (status === 403)
    return `This server refused access: ${url.href} answered 403 Forbidden to the WebSocket upgrade (check the credentials in the headers).`;
  if (status >= 300 && status < 400)
    return `${url.href} redirected the WebSocket upgrade (HTTP ${status}${location ? ` to ${JSON.stringify(escapeHidden(location))}` : ""}); not followed: the inspector follows no WebSocket redirects, so your headers go to this URL's origin only. Connect to the new URL yourself if you trust it.`;
  return `No WebSocket MCP server answered at ${url.href} (HTTP ${status} to the upgrade). Check the URL and its path, and the transport (an http:// URL is Streamable HTTP or SSE).`;
}

/** What the standard close codes mean (RFC 6455 §7.4.1), for the ones a user meets. */
const CLOSE_MEANINGS: Record<number, string> = {
  1000: "normal closure",
  1001: "going away",
  1002: "protocol error",
  1003: "unsupported data",
  1006: "the connection dropped without a close frame",
  1007: "invalid UTF-8 in a text frame",
  1008: "policy violation",
  1009: "message too big",
  1011: "server error",
  1012: "service restart",
  1013: "try again later",
};

/** The server (or the network) ended a live WebSocket: the code, its meaning and the bounded reason. */
export function describeClose(code: number, reason: string, url: URL): string {
  const meaning = CLOSE_MEANINGS[code];
  // The protocol allows 123 bytes of reason; clipped and quoted anyway (it is the server's text),
  // its hidden characters named: a raw U+202E would flip the rest of the sentence in the page.
  const said = reason ? `, reason ${JSON.stringify(escapeHidden(clip(reason, 200)))}` : "";
  return `${url.host} closed the WebSocket (code ${code}${meaning ? `: ${meaning}` : ""}${said}).`;
}
