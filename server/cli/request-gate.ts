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
import { isAllowedHost, isAllowedOrigin } from "../../lib/security/request-guard";
import {
  apiHeaders,
  frameHeaders,
  newNonce,
  pageCsp,
  pageHeaders,
  type HeaderList,
} from "../../lib/security/security-headers";
import { BODY_LENGTH_HEADER, bodyLimitOf } from "../http/limits";
import { authorized } from "../http/token";

export interface GateOptions {
  token: string;
  /** The port we listen on, once known (a Host naming another port is refused). */
  port: () => string;
  allowRemote: boolean;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

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

/**
 * The decoded path, or null when it is not a path, does not decode (`/api/sessions/%ff`), holds
 * control characters, or has dot segments (`/x/../api/…`, `%2e`): browsers resolve those before
 * sending, and left in, the path we classify (API or page) would not be the one Next routes.
 */
export function decodedPath(url: string | undefined): string | null {
  if (!url?.startsWith("/") || url.startsWith("//")) return null;
  const raw = url.split(/[?#]/, 1)[0] ?? "";
  try {
    const segments = raw.split("/").map((s) => decodeURIComponent(s));
    if (segments.some((s) => s === "." || s === "..")) return null;
    const path = segments.join("/");
    return /[\u0000-\u001f\u007f\\]/.test(path) ? null : path;
  } catch {
    return null;
  }
}

/**
 * An API error Next answers itself without a body (405 for a method a route does not export)
 * still gets the error envelope, so every 4xx a client meets reads the same way.
 */
function envelopeBodilessErrors(req: IncomingMessage, res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const bodiless = args.length === 0 || typeof args[0] === "function";
    if (bodiless && !res.headersSent && res.statusCode >= 400 && !res.hasHeader("content-type")) {
      const message =
        res.statusCode === 405
          ? `This route does not take ${req.method ?? "this method"}.`
          : "Request refused.";
      const body = JSON.stringify({ error: { code: "bad_request", message } });
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Content-Length", String(Buffer.byteLength(body)));
      return end(body, ...args);
    }
    return end(...args);
  }) as ServerResponse["end"];
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
    const isApi = (p: string) => p === "/api" || p.startsWith("/api/");
    // Raw or decoded (`/api%2Fsessions`): whichever way Next reads it, an API path needs the token.
    const api = isApi(rawPath) || (path !== null && isApi(path));
    if (api && !PUBLIC_API.has(rawPath) && !authorized(req.headers.authorization, options.token))
      return refuse(res, 401, "unauthorized", "Missing or wrong access token.");
    if (path === null) return refuse(res, 400, "bad_request", "The request path is not a valid URL path.");
    const declared = Number(req.headers["content-length"] ?? 0);
    const limit = bodyLimitOf(rawPath);
    if (api && Number.isFinite(declared) && declared > limit)
      return refuse(res, 413, "payload_too_large", `Request bodies are limited to ${limit} bytes.`);

    if (api) {
      setDefaultHeaders(res, apiHeaders);
      envelopeBodilessErrors(req, res);
    } else if (rawPath.startsWith("/frame/")) setDefaultHeaders(res, frameHeaders(false));
    else {
      // The favicon's link carries its content hash (`/icon.svg?<hash>`), and Chrome fetches it
      // again on every address change: Next's `max-age=0, must-revalidate` (and no validator) made
      // each selection a request that queued beside the read on this server (issue 34).
      if (rawPath === "/icon.svg" && (req.url ?? "").includes("?")) res.setHeader("Cache-Control", IMMUTABLE);
      const nonce = newNonce();
      // Next takes the nonce for its own scripts from the request's CSP header.
      req.headers["content-security-policy"] = pageCsp(nonce);
      delete req.headers["content-security-policy-report-only"];
      setDefaultHeaders(res, pageHeaders(nonce));
    }
    return true;
  };
}
