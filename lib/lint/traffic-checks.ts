/**
 * The rules that judge traffic: each a pure function of its evidence — a message, what the
 * server declared, what the linter's bookkeeping knows about it (a request's method and latency, a
 * walk's seen URIs and cursors, whether a URI was subscribed to). The traffic linter
 * (server/lint/traffic-linter.ts) correlates requests and responses, keeps that bookkeeping and
 * stores the findings; it decides nothing itself. Rules of one listed item or read result:
 * ./checks.ts.
 */
import { MAX_FIELD_CHARS } from "../limits/bounds";
import type { Finding } from "./checks";
import { excerpt } from "./quote";

/** What a server declared in initialize (or server/discover), as far as the rules care. */
export interface Capabilities {
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: unknown;
  tools?: unknown;
  completions?: unknown;
  logging?: unknown;
}

/** Where a declared capability promises a method (basic/lifecycle#capability-negotiation). */
const CAPABILITY_OF: Record<string, (caps: Capabilities) => boolean> = {
  "resources/list": (c) => Boolean(c.resources),
  "resources/read": (c) => Boolean(c.resources),
  "resources/templates/list": (c) => Boolean(c.resources),
  "resources/subscribe": (c) => Boolean(c.resources?.subscribe),
  "resources/unsubscribe": (c) => Boolean(c.resources?.subscribe),
  "prompts/list": (c) => Boolean(c.prompts),
  "prompts/get": (c) => Boolean(c.prompts),
  "tools/list": (c) => Boolean(c.tools),
  "tools/call": (c) => Boolean(c.tools),
  "completion/complete": (c) => Boolean(c.completions),
  "logging/setLevel": (c) => Boolean(c.logging),
};

const NOT_FOUND_TEXT = /not[\s_-]?found|unknown resource|no such|does not exist/i;
/** The codes a client recognises as "no such resource" (up to 2025-11-25, and 2026-07-28). */
const isNotFoundCode = (code: number | undefined) => code === -32002 || code === -32602;

/**
 * A stdout line that was not a JSON-RPC message (stdio only). A JSON-RPC error whose code is not a
 * number fails the SDK's schema and lands here too; `requestMethod` names the request of ours its
 * id answers, if any.
 */
export function checkStrayLine(line: string, requestMethod: (id: unknown) => string | undefined): Finding[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = undefined;
  }
  const p = parsed as { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown } } | undefined;
  if (
    p &&
    p.jsonrpc === "2.0" &&
    p.error &&
    typeof p.error === "object" &&
    typeof p.error.code !== "number"
  ) {
    const method = requestMethod(p.id);
    return [
      {
        code: "error-without-code",
        subject: method ?? "response",
        message: `An error response${method ? ` to ${method}` : ""} has ${p.error.code === undefined ? "no code" : `code ${excerpt(p.error.code)}`}; JSON-RPC error codes are integers.`,
        ...(method ? { method } : {}),
      },
    ];
  }
  return [
    {
      code: "stdout-not-jsonrpc",
      subject: "stdout",
      message: `The server wrote a line to stdout that is not a JSON-RPC message: ${excerpt(line, 100)}`,
    },
  ];
}

/** A response whose id no request of ours carried (`id` as the server sent it). */
export function checkResponseWithoutRequest(id: unknown): Finding[] {
  return [
    {
      code: "response-without-request",
      subject: `id ${excerpt(id ?? null, MAX_FIELD_CHARS)}`,
      message: `The server sent a response with id ${excerpt(id ?? null)}, which no request of ours carried.`,
    },
  ];
}

/**
 * A request answered after `latencyMs`. initialize (and the 2026-07-28 probe, server/discover) is
 * timed from spawn: its latency is mostly the
 * process starting (npx may even download), which clients bound with a separate connect timeout.
 * A subscriptions/listen is answered only when its stream ends: its latency is the stream's life.
 */
const UNTIMED = new Set(["initialize", "server/discover", "subscriptions/listen"]);
export function checkSlowRequest(method: string, latencyMs: number, slowMs: number): Finding[] {
  if (latencyMs <= slowMs || UNTIMED.has(method)) return [];
  return [
    {
      code: "slow-request",
      subject: method,
      message: `${method} took ${(latencyMs / 1000).toFixed(1)} s (threshold ${(slowMs / 1000).toFixed(1)} s).`,
    },
  ];
}

/** A notification from the server; `subscribed`: whether the client subscribed to its uri. */
export function checkNotification(
  method: string,
  params: Record<string, unknown>,
  server: { capabilities: Capabilities | null; subscribed: boolean },
): Finding[] {
  const caps = server.capabilities;
  if (method === "notifications/resources/list_changed" && caps && !caps.resources?.listChanged)
    return [
      {
        code: "notification-without-capability",
        subject: method,
        message:
          "The server sent notifications/resources/list_changed but did not declare resources.listChanged.",
      },
    ];
  if (method !== "notifications/resources/updated") return [];
  const uri = typeof params.uri === "string" ? params.uri : "";
  if (caps && !caps.resources?.subscribe)
    return [
      {
        code: "notification-without-capability",
        subject: method,
        uri,
        message: "The server sent notifications/resources/updated but did not declare resources.subscribe.",
      },
    ];
  if (server.subscribed) return [];
  return [
    {
      code: "updated-not-subscribed",
      subject: uri,
      uri,
      message: `The server sent resources/updated for ${uri}, which the client never subscribed to.`,
    },
  ];
}

/** An error response to a request of ours (`params`: the request's). */
export function checkErrorResponse(
  request: { method: string; params: Record<string, unknown> },
  error: { code?: unknown; message?: unknown },
  capabilities: Capabilities | null,
): Finding[] {
  const { method } = request;
  const code = error.code;
  if (typeof code !== "number") {
    // Reached only where a transport passes such a message on (the SDK's schema rejects it).
    return [
      {
        code: "error-without-code",
        subject: method,
        message: `An error response to ${method} has no numeric code.`,
      },
    ];
  }
  const out: Finding[] = [];
  if (code === -32601 && capabilities && CAPABILITY_OF[method]?.(capabilities))
    out.push({
      code: "capability-method-not-found",
      subject: method,
      message: `The server declared the capability for ${method} but answered it with -32601 Method not found.`,
    });
  const uri = typeof request.params.uri === "string" ? request.params.uri : undefined;
  const message = typeof error.message === "string" ? error.message : "";
  if (method === "resources/read" && !isNotFoundCode(code) && NOT_FOUND_TEXT.test(message))
    out.push({
      code: "not-found-code",
      subject: "resources/read",
      message: `A read of an unknown resource was answered with code ${code} ("${excerpt(message, 80)}"); expected -32002 or -32602.`,
      ...(uri ? { uri } : {}),
    });
  return out;
}

/** The answer to the active scan's read of a URI no server has. */
export function checkNotFoundProbe(uri: string, code: number | undefined, message: string): Finding[] {
  if (isNotFoundCode(code)) return [];
  return [
    {
      code: "not-found-code",
      subject: "resources/read",
      uri,
      message: `Reading a URI the server does not have (${uri}) was answered with ${code === undefined ? "no error" : `code ${code}`} ("${excerpt(message, 80)}"); expected -32002 or -32602.`,
    },
  ];
}

/**
 * A read whose line held bytes that are not UTF-8: the decoder made each one U+FFFD. Names the
 * items that have one (or the first, when the replacement landed outside any text).
 */
export function checkUndecodableRead(
  uri: string,
  contents: readonly { uri?: unknown; text?: unknown }[],
): Finding[] {
  const bad = contents.filter((c) => typeof c.text === "string" && c.text.includes("\uFFFD"));
  return (bad.length > 0 ? bad : contents.slice(0, 1)).map((c) => {
    const at = typeof c.uri === "string" ? c.uri : uri;
    return {
      code: "text-not-utf8",
      subject: at,
      uri: at,
      message: `The read of ${uri} arrived with bytes that are not valid UTF-8${bad.length > 0 ? ` in the text of ${at}` : ""}.`,
    };
  });
}

/** A page of a list walk with no items but a nextCursor (`page`: 1-based, within its walk). */
export function checkEmptyPage(
  method: string,
  page: number,
  itemCount: number,
  nextCursor: string | undefined,
): Finding[] {
  if (itemCount > 0 || nextCursor === undefined) return [];
  return [
    {
      code: "empty-page-with-cursor",
      subject: method,
      message: `Page ${page} of ${method} is empty but has a nextCursor.`,
    },
  ];
}

/**
 * Items of a list page or a read that are not objects with their required string fields
 * (lib/limits/item-shape.ts): one finding per answer, however many there were.
 */
export function checkInvalidItems(
  method: string,
  bad: number,
  total: number,
  first: string | null,
): Finding[] {
  if (bad === 0) return [];
  const n = (x: number) => x.toLocaleString("en-US");
  return [
    {
      code: "invalid-result-item",
      subject: method,
      message: `${n(bad)} of ${n(total)} items of a ${method} answer are not valid (first: ${excerpt(first ?? "", 120)}); the inspector left them out.`,
    },
  ];
}

/** A URI (or template) on a page; `seen`: whether this walk listed it already. */
export function checkDuplicateUri(method: string, uri: string, page: number, seen: boolean): Finding[] {
  if (!seen) return [];
  return [
    {
      code: "duplicate-uri",
      subject: uri,
      uri,
      message: `${method} lists ${uri} more than once (again on page ${page}).`,
    },
  ];
}

/** A page's nextCursor; `seen`: whether this walk was handed it already. */
export function checkRepeatingCursor(method: string, page: number, cursor: string, seen: boolean): Finding[] {
  if (!seen) return [];
  return [
    {
      code: "repeating-cursor",
      subject: method,
      message: `${method} page ${page} handed out cursor ${excerpt(cursor, 60)} again; a client following it loops forever.`,
    },
  ];
}
