import "server-only";
import { isLoopbackName } from "@/lib/security/request-guard";
import { pristineFetch } from "@/server/http/pristine-fetch";
import type { FetchLike } from "../transports/guarded-fetch";
import type { FlowSteps } from "./flow-steps";

/** Metadata documents are small; a bigger one is not peeked at (the SDK still gets it, capped). */
const PEEK_LIMIT = 64 * 1024;

/** An OAuth request did not answer in time, or failed: the message names the step. */
export class OAuthStepError extends Error {}

/**
 * What discovery found so far in this connect attempt, for a failure sentence that says which
 * document was missing (session-auth.ts `describeFailure`).
 */
export interface DiscoveryRecord {
  /** The resource's metadata (RFC 9728): found, answered 404 everywhere we looked, or not asked. */
  resourceMetadata: "found" | "missing" | null;
  /** The authorization server's metadata (RFC 8414 / OpenID discovery). */
  serverMetadata: "found" | "missing" | null;
  /** The 401 named a `resource_metadata` URL on another origin, which is never contacted. */
  foreignMetadataUrl: string | null;
  /** The authorization server the resource's metadata named first. */
  authorizationServer: string | null;
}

export function emptyDiscovery(): DiscoveryRecord {
  return {
    resourceMetadata: null,
    serverMetadata: null,
    foreignMetadataUrl: null,
    authorizationServer: null,
  };
}

/**
 * The base fetch under a remote session's guarded fetch, for the OAuth flow's sake: it logs every
 * request that is not the MCP endpoint itself (method, URL without query, status — never a body),
 * gives each one the request timeout and names its step when it fails, and lets the guarded
 * fetch contact the authorization server once the resource's own metadata names it (RFC 9728
 * `authorization_servers`, read from the well-known path or from the `resource_metadata` URL the
 * server's 401 gave), and that server's token and registration endpoints once its metadata
 * (RFC 8414) names them. Only https or loopback origins are let in (spec basic/authorization:
 * authorization server endpoints MUST be HTTPS).
 */
export function authObservingFetch(options: {
  mcpUrl: URL;
  allowed: Set<string>;
  steps: FlowSteps;
  /** The MCP endpoint itself answered 401: the server wants sign-in. */
  onUnauthorized: () => void;
  /** It answered 403 insufficient_scope (a step-up), naming these scopes (or none). */
  onInsufficientScope?: (scope: string | undefined) => void;
  /** Every OAuth request's limit (the session's request timeout). */
  timeoutMs: number;
  discovery: () => DiscoveryRecord;
  base?: FetchLike;
}): FetchLike {
  const base = options.base ?? pristineFetch;
  const mcp = `${options.mcpUrl.origin}${options.mcpUrl.pathname}`;
  /** The `resource_metadata` URL of the last 401, without query: its answer is the resource's metadata. */
  let challengedMetadata: string | null = null;
  const endpoints = new Map<string, string>();
  const allow = (value: unknown, why: string) => {
    if (typeof value !== "string") return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return;
    }
    if (options.allowed.has(url.origin)) return;
    const safe = url.protocol === "https:" || (url.protocol === "http:" && isLoopbackName(url.hostname));
    if (!safe) {
      options.steps.add("error", `Not contacting ${url.origin} (${why}): it is neither https nor loopback.`);
      return;
    }
    options.allowed.add(url.origin);
    options.steps.add("info", `Allowed ${url.origin} to be contacted for this server: ${why}.`);
  };

  const challenged = (response: Response) => {
    const url = resourceMetadataOf(response.headers.get("www-authenticate"), options.mcpUrl);
    challengedMetadata = url ? `${url.origin}${url.pathname}` : null;
    if (url && url.origin !== options.mcpUrl.origin) {
      options.discovery().foreignMetadataUrl = `${url.origin}${url.pathname}`;
      options.steps.add(
        "error",
        `The server's 401 names its resource metadata at ${url.origin}${url.pathname}, on another origin than the server: not contacted (a server's metadata is read from its own origin only).`,
      );
    }
  };

  return async (url, init) => {
    const target = new URL(url);
    const where = `${target.origin}${target.pathname}`;
    if (where === mcp) {
      const response = await base(target, init);
      if (response.status === 401) {
        challenged(response);
        options.onUnauthorized();
      }
      if (response.status === 403) {
        const header = response.headers.get("www-authenticate");
        if (header && authParam(header, "error") === "insufficient_scope")
          options.onInsufficientScope?.(authParam(header, "scope"));
      }
      return response;
    }
    const method = (init?.method ?? "GET").toUpperCase();
    const step = stepOf(where, method, init?.body, challengedMetadata, endpoints);
    // Every OAuth request ends: a silent authorization server costs the request timeout, not 300 s.
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await base(target, { ...init, signal });
    } catch (err) {
      const message = timeout.aborted
        ? `The ${step} got no answer from ${target.origin} within ${options.timeoutMs} ms (${method} ${where}).`
        : `The ${step} failed: ${method} ${where}: ${describeNetworkError(err)}.`;
      options.steps.add("error", message);
      throw new OAuthStepError(message, { cause: err });
    }
    const wellKnown = target.pathname.includes("/.well-known/");
    const isResourceMetadata =
      where === challengedMetadata || target.pathname.includes("/.well-known/oauth-protected-resource");
    const isServerMetadata = /\/\.well-known\/(oauth-authorization-server|openid-configuration)/.test(
      target.pathname,
    );
    // A 404 on a well-known path is discovery trying its next candidate, not a failure.
    const failed = response.status >= 400 && !(wellKnown && response.status === 404);
    options.steps.add(failed ? "error" : "info", `${method} ${where} → ${response.status}`);
    const record = options.discovery();
    if (!response.ok) {
      if (isResourceMetadata && record.resourceMetadata !== "found") record.resourceMetadata = "missing";
      if (isServerMetadata && record.serverMetadata !== "found") record.serverMetadata = "missing";
      return response;
    }
    if (!isResourceMetadata && !isServerMetadata) return response;
    const doc = await peekJson(response);
    if (!doc) return response;
    if (isResourceMetadata) {
      record.resourceMetadata = "found";
      const servers = Array.isArray(doc.authorization_servers) ? doc.authorization_servers : [];
      if (typeof servers[0] === "string") record.authorizationServer = servers[0];
      for (const s of servers) allow(s, "the resource's metadata names it as its authorization server");
    } else {
      record.serverMetadata = "found";
      for (const key of ["token_endpoint", "registration_endpoint"] as const) {
        const value = doc[key];
        if (typeof value !== "string") continue;
        try {
          const u = new URL(value);
          endpoints.set(`${u.origin}${u.pathname}`, key);
        } catch {
          continue;
        }
      }
      allow(doc.token_endpoint, "the authorization server's token endpoint");
      allow(doc.registration_endpoint, "the authorization server's registration endpoint");
    }
    return response;
  };
}

/** The words for what an OAuth request is for, named in its failure. */
function stepOf(
  where: string,
  method: string,
  body: unknown,
  challengedMetadata: string | null,
  endpoints: ReadonlyMap<string, string>,
): string {
  const path = new URL(where).pathname;
  if (where === challengedMetadata || path.includes("/.well-known/oauth-protected-resource"))
    return "protected-resource metadata discovery (RFC 9728)";
  if (/\/\.well-known\/(oauth-authorization-server|openid-configuration)/.test(path))
    return "authorization server metadata discovery (RFC 8414)";
  const endpoint = endpoints.get(where);
  if (endpoint === "registration_endpoint" || (!endpoint && /\/register$/.test(path)))
    return "client registration (RFC 7591)";
  if (endpoint === "token_endpoint" || /\/token$/.test(path)) {
    const grant = grantOf(body);
    if (grant === "refresh_token") return "token refresh";
    if (grant === "authorization_code") return "token exchange (authorization code → tokens)";
    return "token request";
  }
  return `OAuth request (${method})`;
}

function grantOf(body: unknown): string | null {
  if (body instanceof URLSearchParams) return body.get("grant_type");
  if (typeof body === "string") return new URLSearchParams(body).get("grant_type");
  return null;
}

/** undici says "fetch failed" and keeps the reason in `cause`. */
function describeNetworkError(err: unknown): string {
  let e: unknown = err;
  while ((e as { cause?: unknown }).cause instanceof Error) e = (e as { cause: Error }).cause;
  return e instanceof Error ? e.message : String(e);
}

/** One parameter of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3), quoted or not. */
function authParam(header: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|[\\s,])${name}\\s*=\\s*(?:"([^"]*)"|([^\\s,]+))`, "i").exec(header);
  return match?.[1] ?? match?.[2];
}

/** The `resource_metadata` URL a `WWW-Authenticate: Bearer …` challenge names (RFC 9728 §5.1). */
export function resourceMetadataOf(header: string | null, base: URL): URL | null {
  if (!header) return null;
  const match = /(?:^|[\s,])resource_metadata\s*=\s*(?:"([^"]*)"|([^\s,]+))/i.exec(header);
  const value = match?.[1] ?? match?.[2];
  if (!value) return null;
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** The JSON object of a response, read from a clone (at most PEEK_LIMIT bytes), or null. */
async function peekJson(response: Response): Promise<Record<string, unknown> | null> {
  const clone = response.clone();
  if (!clone.body) return null;
  const reader = clone.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > PEEK_LIMIT) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
