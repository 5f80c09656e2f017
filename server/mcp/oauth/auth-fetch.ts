import "server-only";
import { isLoopbackName } from "@/lib/request-guard";
import type { FetchLike } from "../transports/guarded-fetch";
import type { FlowSteps } from "./flow-steps";

/** Metadata documents are small; a bigger one is not peeked at (the SDK still gets it, capped). */
const PEEK_LIMIT = 64 * 1024;

/**
 * The base fetch under a remote session's guarded fetch, for the OAuth flow's sake: it logs every
 * request that is not the MCP endpoint itself (method, URL without query, status — never a body),
 * and lets the guarded fetch contact the authorization server once the resource's own metadata
 * names it (RFC 9728 `authorization_servers`), and that server's token and registration endpoints
 * once its metadata (RFC 8414) names them. Only https or loopback origins are let in (spec
 * basic/authorization: authorization server endpoints MUST be HTTPS).
 */
export function authObservingFetch(options: {
  mcpUrl: URL;
  allowed: Set<string>;
  steps: FlowSteps;
  /** The MCP endpoint itself answered 401: the server wants sign-in. */
  onUnauthorized: () => void;
  base?: FetchLike;
}): FetchLike {
  const base = options.base ?? fetch;
  const mcp = `${options.mcpUrl.origin}${options.mcpUrl.pathname}`;
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

  return async (url, init) => {
    const target = new URL(url);
    const response = await base(target, init);
    if (`${target.origin}${target.pathname}` === mcp) {
      if (response.status === 401) options.onUnauthorized();
      return response;
    }
    const method = init?.method ?? "GET";
    // A 404 on a well-known path is discovery trying its next candidate, not a failure.
    const wellKnown = target.pathname.includes("/.well-known/");
    const failed = response.status >= 400 && !(wellKnown && response.status === 404);
    options.steps.add(
      failed ? "error" : "info",
      `${method} ${target.origin}${target.pathname} → ${response.status}`,
    );
    if (!response.ok || !wellKnown) return response;
    const doc = await peekJson(response);
    if (!doc) return response;
    if (target.pathname.includes("/.well-known/oauth-protected-resource")) {
      const servers = Array.isArray(doc.authorization_servers) ? doc.authorization_servers : [];
      for (const s of servers) allow(s, "the resource's metadata names it as its authorization server");
    } else if (/\/\.well-known\/(oauth-authorization-server|openid-configuration)/.test(target.pathname)) {
      allow(doc.token_endpoint, "the authorization server's token endpoint");
      allow(doc.registration_endpoint, "the authorization server's registration endpoint");
    }
    return response;
  };
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
