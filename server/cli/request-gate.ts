/**
 * What the launcher does to every request before Next sees it, in this order: Host and Origin
 * (DNS rebinding, other web pages), a path that decodes, the token for every API route but the
 * public ones, a declared body size within the limit, and the response headers for the kind of
 * answer (pages get a fresh CSP nonce that Next reads back from the request's CSP header).
 *
 * Why here and not only in the route wrapper: Next answers some requests before any handler runs
 * (a path that does not decode was a plain-text 500 without a token check), and Next's config
 * headers replace what a handler sets. Not `import "server-only"`: runs under tsx.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAllowedHost, isAllowedOrigin } from "../../lib/request-guard";
import {
  apiHeaders,
  frameHeaders,
  newNonce,
  pageCsp,
  pageHeaders,
  type HeaderList,
} from "../../lib/security-headers";
import { BODY_LENGTH_HEADER, MAX_BODY_BYTES } from "../http/limits";
import { authorized } from "../http/token";

export interface GateOptions {
  token: string;
  /** The port we listen on, once known (a Host naming another port is refused). */
  port: () => string;
  allowRemote: boolean;
}

/** API routes anyone on loopback may call without the token. */
const PUBLIC_API = new Set(["/api/health"]);

function refuse(res: ServerResponse, status: number, code: string, message: string): false {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(body)),
    ...Object.fromEntries(apiHeaders),
  });
  res.end(body);
  return false;
}

/**
 * Defaults applied when the answer's headers are written, each only where the handler did not set
 * its own: Next appends a handler's header only when the response does not have it yet, so
 * headers set up front would silently win over the content route's sandbox CSP.
 */
function setDefaultHeaders(res: ServerResponse, headers: HeaderList): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    for (const [name, value] of headers) if (!res.hasHeader(name)) res.setHeader(name, value);
    const length = res.getHeader(BODY_LENGTH_HEADER);
    if (length !== undefined) {
      res.removeHeader(BODY_LENGTH_HEADER);
      if (/^\d+$/.test(String(length)) && !res.hasHeader("transfer-encoding"))
        res.setHeader("Content-Length", String(length));
    }
    return writeHead(...args);
  };
}

/** The decoded path, or null when it is not a path or does not decode (`/api/sessions/%ff`). */
export function decodedPath(url: string | undefined): string | null {
  if (!url?.startsWith("/")) return null;
  const raw = url.split(/[?#]/, 1)[0] ?? "";
  try {
    const path = raw
      .split("/")
      .map((s) => decodeURIComponent(s))
      .join("/");
    return /[\u0000-\u001f\u007f]/.test(path) ? null : path;
  } catch {
    return null;
  }
}

/** Returns true when Next should handle the request; otherwise it has been answered. */
export function createRequestGate(options: GateOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const host = req.headers.host;
    const hostOk = options.allowRemote ? Boolean(host) : isAllowedHost(host, options.port());
    if (!hostOk) return refuse(res, 403, "forbidden", "Host not allowed.");
    if (!isAllowedOrigin(req.headers.origin, host))
      return refuse(res, 403, "forbidden", "Cross-origin requests are not allowed.");

    const path = decodedPath(req.url);
    const rawPath = (req.url ?? "").split(/[?#]/, 1)[0] ?? "";
    const api = rawPath === "/api" || rawPath.startsWith("/api/");
    if (api && !PUBLIC_API.has(rawPath) && !authorized(req.headers.authorization, options.token))
      return refuse(res, 401, "unauthorized", "Missing or wrong access token.");
    if (path === null) return refuse(res, 400, "bad_request", "The request path is not a valid URL path.");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (api && Number.isFinite(declared) && declared > MAX_BODY_BYTES)
      return refuse(res, 413, "payload_too_large", `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);

    if (api) setDefaultHeaders(res, apiHeaders);
    else if (rawPath.startsWith("/frame/")) setDefaultHeaders(res, frameHeaders(false));
    else {
      const nonce = newNonce();
      // Next takes the nonce for its own scripts from the request's CSP header.
      req.headers["content-security-policy"] = pageCsp(nonce);
      delete req.headers["content-security-policy-report-only"];
      setDefaultHeaders(res, pageHeaders(nonce));
    }
    return true;
  };
}
