import "server-only";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { clip } from "@/lib/limits/bounds";
import { ForeignOriginError } from "./guarded-fetch";
import { MessageTooLargeError } from "./owned";

/**
 * One sentence for each way a remote server fails: to come up, or a request of a live session.
 * What the user reads in the connect error and the 502s (server/mcp/transports/http.ts).
 */

/** Network error codes that the SDK keeps only as text (`SseError`: "SSE error: TypeError: fetch failed: connect ECONNREFUSED …"). */
const ERRNO_IN_TEXT =
  /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|UND_ERR_\w+|(?:ERR_TLS|ERR_SSL|CERT|UNABLE_TO)_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\b/;

/** Node's network error codes, from the error or its `cause` chain, or failing that its message. */
export function errnoOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error ? ERRNO_IN_TEXT.exec(err.message)?.[1] : undefined;
}

const TLS_CODE =
  /^(CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH|ERR_CERT)/;

/** A request of a live session failed at the HTTP level: why, in one sentence. */
export function describeRequestFailure(err: Error, url: URL, ownAuthorization = false): string {
  const status =
    err instanceof StreamableHTTPError ? err.code : err instanceof SseError ? err.code : undefined;
  if (status === 401 || status === 403 || status === undefined) {
    const said = describeHttpFailure(err, url, null, ownAuthorization);
    if (said) return said;
  }
  return `${url.host} failed the request${status ? ` with HTTP ${status}` : ""}: ${err.message}`;
}

/** A JSON answer that is not JSON, in one sentence that quotes (the start of) its bytes. */
export function describeBadJson(err: SyntaxError, url: URL): string {
  return `${url.host} answered with a body that is not valid JSON: ${clip(err.message, 300)}`;
}

/** One specific sentence for each way a remote server can fail to come up. */
export function describeHttpFailure(
  err: Error,
  url: URL,
  last: Error | null = null,
  ownAuthorization = false,
): string | null {
  if (err instanceof MessageTooLargeError || err instanceof ForeignOriginError) return err.message;
  if (err instanceof SyntaxError) return describeBadJson(err, url);
  const where = url.host;
  const unauthorized = ownAuthorization
    ? `${url.href} answered 401 Unauthorized to the Authorization header you gave: check its value. (With your own Authorization header the inspector does not sign in with OAuth; remove the header to sign in.)`
    : `This server needs sign-in: ${url.href} answered 401 Unauthorized.`;
  for (const e of [err, last]) {
    if (!e) continue;
    const errno = errnoOf(e);
    if (errno === "ECONNREFUSED")
      return `Connection refused by ${where}: is the server running on that port?`;
    if (errno === "ENOTFOUND" || errno === "EAI_AGAIN")
      return `DNS lookup failed for ${url.hostname} (${errno}).`;
    if (errno === "ECONNRESET") return `${where} closed the connection (ECONNRESET).`;
    if (errno && TLS_CODE.test(errno)) return `TLS error talking to ${where}: ${errno}.`;
    if (errno === "UND_ERR_HEADERS_TIMEOUT" || errno === "UND_ERR_BODY_TIMEOUT")
      return `${where} stopped answering (${errno}).`;
    if (e instanceof UnauthorizedError) return unauthorized;
    const status = e instanceof StreamableHTTPError ? e.code : e instanceof SseError ? e.code : undefined;
    if (status === 401) return unauthorized;
    if (status === 403)
      return `This server refused access: ${url.href} answered 403 Forbidden (check the credentials in the headers).`;
    if (status !== undefined && status >= 400)
      return `No MCP server answered at ${url.href} (HTTP ${status}). Check the URL and the transport.`;
    if (/Redirect .* not followed/.test(e.message))
      return `${url.href} redirected elsewhere; not followed. ${e.message.replace(/^.*?(Redirect)/, "$1")}`;
    if (/Unexpected content type: text\/html/i.test(e.message) || /<html|<!doctype/i.test(e.message))
      return `${url.href} answered with an HTML page, not MCP. Check the path (servers usually listen on /mcp, or /sse for the legacy transport).`;
    if (/Unexpected content type/i.test(e.message))
      return `${url.href} did not answer as an MCP server (${e.message.replace(/^.*Unexpected content type:\s*/, "content type ")}).`;
  }
  if (/timed out/i.test(err.message)) return null;
  if (/fetch failed/i.test(err.message)) {
    // undici says "fetch failed" and puts the reason in `cause` ("bad port", …).
    let inner: unknown = err;
    while ((inner as { cause?: unknown }).cause instanceof Error) inner = (inner as { cause: Error }).cause;
    return `Could not reach ${where}: ${inner === err ? err.message : (inner as Error).message}.`;
  }
  return null;
}
