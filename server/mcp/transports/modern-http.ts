import "server-only";
import { SdkHttpError, StreamableHTTPClientTransport as ModernHttpInner } from "@modelcontextprotocol/client";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { FetchLike } from "./guarded-fetch";

export { ModernHttpInner };

/**
 * The 2026-07-28 Streamable HTTP binding (issue 35) is the v2 client's own transport: it derives
 * `Mcp-Protocol-Version`, `Mcp-Method` and `Mcp-Name` from each request's body (SEP-2243), answers
 * `subscriptions/listen` with the POST's SSE stream, closes that stream when the listen's request
 * signal aborts and says when it ended (`onRequestStreamEnd`), and hands back a 400 carrying a
 * JSON-RPC error as that error. SDK 1.32's transport does none of that. It gets the session's
 * guarded fetch (allowed origins, size caps, no redirects of its own) with the user's headers for
 * the server's origin; it reconnects nothing itself (`maxRetries: 0`): a listen stream that ends
 * is opened again, with the current filter, by era/modern.ts.
 */
export function createModernInner(url: URL, fetch: FetchLike): ModernHttpInner {
  return new ModernHttpInner(url, {
    fetch,
    reconnectionOptions: {
      initialReconnectionDelay: 500,
      maxReconnectionDelay: 10_000,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 0,
    },
  });
}

/**
 * The OAuth token for the modern binding's requests to the server's own origin. The sign-in flow
 * itself stays SDK 1.32's (a 401 on the era probe is a legacy verdict, and `initialize` signs in);
 * once signed in, the next connection's probe carries the token.
 */
export function withBearer(
  fetch: FetchLike,
  provider: OAuthClientProvider | undefined,
  origin: string,
): FetchLike {
  if (!provider) return fetch;
  return async (url, init) => {
    if (new URL(url).origin !== origin) return fetch(url, init);
    const token = (await provider.tokens())?.access_token;
    const headers = new Headers(init?.headers);
    if (token && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
}

/** The HTTP status of a v2 transport's failed request, when it was one. */
export function modernStatusOf(err: unknown): number | undefined {
  return err instanceof SdkHttpError ? err.status : undefined;
}

/**
 * SDK 1.32's transport, sent a request the server answered with a 4xx whose body is the JSON-RPC
 * error for that very request (a 2026-07-28-only server refusing `initialize`: HTTP 400, -32022,
 * `data.supported`), throws "HTTP 400" and `auto` falls back to the SSE transport, which answers
 * 405. The server did answer: hand the error on as the request's answer (a 200 with that body),
 * as the v2 transport does. Any other answer is returned as it came.
 */
export async function jsonRpcAnswerOf(res: Response, body: unknown): Promise<Response> {
  if (res.status < 400 || res.status >= 500 || res.status === 401 || res.status === 403) return res;
  if (!(res.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) return res;
  const sentId = requestIdOf(body);
  if (sentId === undefined) return res;
  const text = await res.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  const a = answer as { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown } } | undefined;
  const sameRequest = a?.jsonrpc === "2.0" && a.id === sentId && typeof a.error?.code === "number";
  // The body is read and decoded: its length and encoding headers no longer describe it.
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(text, {
    status: sameRequest ? 200 : res.status,
    statusText: sameRequest ? "OK" : res.statusText,
    headers,
  });
}

function requestIdOf(body: unknown): string | number | undefined {
  if (typeof body !== "string") return undefined;
  try {
    const m = JSON.parse(body) as { id?: unknown; method?: unknown };
    return typeof m.method === "string" && (typeof m.id === "string" || typeof m.id === "number")
      ? m.id
      : undefined;
  } catch {
    return undefined;
  }
}
