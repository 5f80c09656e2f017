/**
 * The 2026-07-28 revision's MUSTs, as pure checks of their evidence (a result, an error, a
 * notification and what the linter knows of the listen streams): cache hints, resultType,
 * not-found, the listen stream's acknowledgement and subscription ids, one list across two
 * connections. The traffic linter (server/lint/) feeds them; they fire only in the modern era.
 */
import type { Finding } from "./checks";
import { excerpt, short } from "./quote";

export const MODERN_ERA = "2026-07-28";

/** Whether a negotiated version is 2026-07-28 or later. */
export function isModernEra(protocolVersion: string | null | undefined): boolean {
  return typeof protocolVersion === "string" && /^\d{4}-\d{2}-\d{2}$/.test(protocolVersion)
    ? protocolVersion >= MODERN_ERA
    : false;
}

/** The results that carry cache hints (caching#cacheable-results), as far as the rules look. */
const CACHEABLE = new Set([
  "server/discover",
  "resources/list",
  "resources/templates/list",
  "resources/read",
]);

export const SUBSCRIPTION_ID_KEY = "io.modelcontextprotocol/subscriptionId";

/** The notifications a 2026-07-28 server delivers only on a listen stream. */
export const STREAM_NOTIFICATIONS = new Set([
  "notifications/resources/updated",
  "notifications/resources/list_changed",
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
]);

const validTtl = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0;
const validScope = (v: unknown) => v === "public" || v === "private";

/**
 * ttlMs and cacheScope on a result: missing (a warning) or present and out of range (an error).
 * An `input_required` result is not cacheable and carries none.
 */
export function checkModernCacheFields(
  method: string,
  result: unknown,
  protocolVersion: string | null | undefined,
): Finding[] {
  if (!isModernEra(protocolVersion) || !CACHEABLE.has(method)) return [];
  const r = (result ?? {}) as { ttlMs?: unknown; cacheScope?: unknown; resultType?: unknown };
  if (r.resultType === "input_required") return [];
  const out: Finding[] = [];
  const missing = [r.ttlMs === undefined ? "ttlMs" : null, r.cacheScope === undefined ? "cacheScope" : null];
  const absent = missing.filter((x): x is string => x !== null);
  if (absent.length > 0)
    out.push({
      code: "modern-result-without-cache-fields",
      subject: method,
      message: `A ${method} result under ${protocolVersion} has no ${absent.join(" and no ")}.`,
    });
  const wrong = [
    r.ttlMs !== undefined && !validTtl(r.ttlMs) ? `ttlMs ${excerpt(r.ttlMs, 40)}` : null,
    r.cacheScope !== undefined && !validScope(r.cacheScope)
      ? `cacheScope ${excerpt(r.cacheScope, 40)}`
      : null,
  ].filter((x): x is string => x !== null);
  if (wrong.length > 0)
    out.push({
      code: "invalid-cache-fields",
      subject: method,
      message: `A ${method} result has ${wrong.join(" and ")}; ttlMs must be an integer ≥ 0 and cacheScope "public" or "private".`,
    });
  return out;
}

/** A result of ours without `resultType` (basic/index#resulttype). */
export function checkResultType(method: string, result: unknown, protocolVersion: string | null): Finding[] {
  if (!isModernEra(protocolVersion) || method === "subscriptions/listen") return [];
  const r = (result ?? {}) as { resultType?: unknown };
  if (typeof r.resultType === "string") return [];
  return [
    {
      code: "result-without-result-type",
      subject: method,
      message: `A ${method} result under ${protocolVersion} has ${r.resultType === undefined ? "no resultType" : `resultType ${excerpt(r.resultType, 40)}`}.`,
    },
  ];
}

/** cacheScope "public" on a result fetched with credentials (an Authorization header or OAuth). */
export function checkPublicScope(method: string, result: unknown, authenticated: boolean): Finding[] {
  if (!authenticated || !CACHEABLE.has(method)) return [];
  if ((result as { cacheScope?: unknown } | null)?.cacheScope !== "public") return [];
  return [
    {
      code: "public-cache-with-credentials",
      subject: method,
      message: `A ${method} result fetched with credentials says cacheScope "public": any cache may serve it to any user.`,
    },
  ];
}

/**
 * A read answered with no contents, for a URI the server does not have: the scan's probe (certain),
 * or a URI no complete walk listed and no template matches.
 */
export function checkEmptyContents(
  uri: string,
  contents: unknown,
  protocolVersion: string | null,
  missing: "probe" | "unlisted" | false,
): Finding[] {
  if (!isModernEra(protocolVersion) || !missing) return [];
  if (!Array.isArray(contents) || contents.length > 0) return [];
  const why =
    missing === "probe" ? "a URI no server has" : "a URI the server neither lists nor has a template for";
  return [
    {
      code: "empty-contents-for-missing",
      subject: missing === "probe" ? "resources/read" : uri,
      uri,
      message: `Reading ${why} (${short(uri)}) was answered with empty contents; expected error -32602.`,
    },
  ];
}

/** A -32602 answer to a read, under 2026-07-28, whose data names no uri. */
export function checkNotFoundData(
  uri: string | undefined,
  error: { code?: unknown; data?: unknown },
  protocolVersion: string | null,
): Finding[] {
  if (!isModernEra(protocolVersion) || error.code !== -32602) return [];
  const data = error.data as { uri?: unknown } | null | undefined;
  if (typeof data?.uri === "string") return [];
  return [
    {
      code: "not-found-without-uri",
      subject: "resources/read",
      ...(uri ? { uri } : {}),
      message: `A read${uri ? ` of ${short(uri)}` : ""} was answered -32602 without data.uri, so a client cannot tell a missing resource from a malformed request.`,
    },
  ];
}

/** What the linter knows of a notification's stream (server/lint/listen-streams.ts). */
export type StreamState = "none" | "unknown" | "unacknowledged" | "open";

/**
 * A notification a 2026-07-28 server sent: the subscriptionId it must carry, and whether that id
 * names an open, acknowledged stream. `id`: the id as sent (quoted clipped).
 */
export function checkStreamNotification(
  method: string,
  id: unknown,
  state: StreamState,
  protocolVersion: string | null,
): Finding[] {
  if (!isModernEra(protocolVersion)) return [];
  if (state === "none")
    return STREAM_NOTIFICATIONS.has(method)
      ? [
          {
            code: "notification-without-subscription-id",
            subject: method,
            message: `The server sent ${method} without _meta["${SUBSCRIPTION_ID_KEY}"].`,
          },
        ]
      : [];
  if (state === "unknown")
    return [
      {
        code: "unknown-subscription-id",
        subject: method,
        message: `The server sent ${method} for subscription ${excerpt(id, 80)}, which no open subscriptions/listen stream has.`,
      },
    ];
  if (state === "unacknowledged" && method !== "notifications/subscriptions/acknowledged")
    return [
      {
        code: "listen-not-acknowledged",
        subject: "subscriptions/listen",
        message: `The server sent ${method} on subscription ${excerpt(id, 80)} before acknowledging it (notifications/subscriptions/acknowledged must come first).`,
      },
    ];
  return [];
}

/** A listen stream the client gave up on (cancelled) before the server acknowledged it. */
export function checkListenGivenUp(id: unknown, waitedMs: number): Finding[] {
  return [
    {
      code: "listen-not-acknowledged",
      subject: "subscriptions/listen",
      message: `The server never acknowledged subscriptions/listen ${excerpt(id, 80)}; the client gave up after ${(waitedMs / 1000).toFixed(1)} s.`,
    },
  ];
}

/** Most differing URIs a finding names, each way. */
const NAMED = 3;

/**
 * The first `pages` pages of resources/list on two connections with the same credentials.
 * `complete`: whether the second walk ended within them (else only what it listed beyond the
 * first is a difference: the first's later items may simply be on its next page).
 */
export function checkListAcrossConnections(
  first: readonly string[],
  second: readonly string[],
  pages: number,
  complete: boolean,
): Finding[] {
  const a = new Set(first);
  const b = new Set(second);
  const onlySecond = second.filter((u) => !a.has(u));
  const onlyFirst = complete ? first.filter((u) => !b.has(u)) : [];
  if (onlyFirst.length === 0 && onlySecond.length === 0) return [];
  const name = (list: string[]) =>
    `${list
      .slice(0, NAMED)
      .map((u) => short(u, 80))
      .join(", ")}${list.length > NAMED ? ` and ${list.length - NAMED} more` : ""}`;
  const parts = [
    onlyFirst.length ? `only the first listed ${name(onlyFirst)}` : null,
    onlySecond.length ? `only the second listed ${name(onlySecond)}` : null,
  ].filter((x): x is string => x !== null);
  return [
    {
      code: "list-differs-between-connections",
      subject: "resources/list",
      message: `Two connections with the same credentials got different resources in the first ${pages === 1 ? "page" : `${pages} pages`}: ${parts.join("; ")}.`,
    },
  ];
}
