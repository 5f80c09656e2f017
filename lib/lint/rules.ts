/**
 * The Problems panel's rules: one stable code each, its severity, why it matters and where the
 * spec says so. Codes are part of the API, the SARIF export and recorded checks: never rename one.
 * Spec links are only printed, never fetched.
 */
import { HOST_RULES, type HostRuleFact } from "../hosts/host-rules";
import type { HostId } from "../hosts/types";

export type Severity = "error" | "warning" | "info";

const SPEC = "https://modelcontextprotocol.io/specification/2025-11-25";
const RESOURCES = `${SPEC}/server/resources`;
/** The 2026-07-28 revision's sections, for the rules it adds. */
const SPEC_2026 = "https://modelcontextprotocol.io/specification/2026-07-28";
const CACHING = `${SPEC_2026}/server/utilities/caching`;
const LISTEN = `${SPEC_2026}/basic/patterns/subscriptions`;

export interface Rule {
  severity: Severity;
  /** One line, for SARIF's shortDescription and the panel's heading. */
  title: string;
  why: string;
  specUrl: string;
  /** Host-compatibility rules (lib/hosts/host-rules.ts): the hosts affected and the facts behind. */
  hosts?: readonly HostId[];
  facts?: readonly HostRuleFact[];
}

/** The protocol's rules: what the spec says a server must (or should) do. */
export const PROTOCOL_RULES = {
  "notification-without-capability": {
    severity: "error",
    title: "Notification sent without its capability",
    why: "Clients decide what to listen for from the capabilities the server declared; a notification the server never announced may be ignored, or surprise a client that does not expect it.",
    specUrl: `${RESOURCES}#capabilities`,
  },
  "updated-not-subscribed": {
    severity: "warning",
    title: "resources/updated for a URI nobody subscribed to",
    why: "Update notifications are for resources the client subscribed to; unasked-for updates cost the client a re-read it did not want and suggest the server's subscription bookkeeping is off.",
    specUrl: `${RESOURCES}#subscriptions`,
  },
  "capability-method-not-found": {
    severity: "error",
    title: "Declared capability answers Method not found",
    why: "A declared capability promises its methods: a client that believes it gets -32601 and a feature that silently does nothing.",
    specUrl: `${SPEC}/basic/lifecycle#capability-negotiation`,
  },
  "read-uri-mismatch": {
    severity: "warning",
    title: "Read returned contents for a different URI",
    why: "Clients match contents to the resource they asked for by uri; when none of the contents is the requested URI (or below it) the client cannot tell what it received.",
    specUrl: `${RESOURCES}#reading-resources`,
  },
  "duplicate-uri": {
    severity: "error",
    title: "The same URI listed twice",
    why: "A resource's uri is its identity; a URI on two pages (or twice on one) makes clients show it twice or drop one of two different entries.",
    specUrl: `${RESOURCES}#listing-resources`,
  },
  "repeating-cursor": {
    severity: "error",
    title: "A cursor repeats",
    why: "A client that follows nextCursor until it is absent loops forever when the server hands out a cursor it already gave.",
    specUrl: `${SPEC}/server/utilities/pagination`,
  },
  "empty-page-with-cursor": {
    severity: "warning",
    title: "Empty page with a nextCursor",
    why: "An empty page that still points to a next page usually means the server's paging is off by one; clients pay a round trip for nothing and may stop early.",
    specUrl: `${SPEC}/server/utilities/pagination`,
  },
  "size-mismatch": {
    severity: "warning",
    title: "Listed size differs from the bytes read",
    why: "size is the raw content's length in bytes; hosts use it to show file sizes and to budget context, so a wrong size misleads both.",
    specUrl: `${RESOURCES}#resource`,
  },
  "blob-not-base64": {
    severity: "error",
    title: "Blob is not valid base64",
    why: "blob must be base64-encoded binary data; clients decode it strictly or get different bytes than the server meant.",
    specUrl: `${RESOURCES}#binary-content`,
  },
  "text-not-utf8": {
    severity: "error",
    title: "Text content was not valid UTF-8 as sent",
    why: "JSON-RPC messages are UTF-8; invalid bytes are replaced (U+FFFD) by the client, so the text read is not the text the server had. Binary data belongs in a blob.",
    specUrl: `${SPEC}/basic/transports#stdio`,
  },
  "missing-mime-type": {
    severity: "info",
    title: "No mimeType",
    why: "Without a mimeType clients guess how to show the content (from bytes or a file extension), and guesses differ between clients.",
    specUrl: `${RESOURCES}#resource-contents`,
  },
  "mime-type-contradicts-bytes": {
    severity: "warning",
    title: "mimeType contradicts the bytes",
    why: "The bytes start with another format's magic number; a client that trusts the mimeType renders or saves the content wrongly.",
    specUrl: `${RESOURCES}#resource-contents`,
  },
  "not-found-code": {
    severity: "warning",
    title: "Resource not found answered with an unexpected error code",
    why: "Clients recognise a missing resource by its error code: -32002 (up to 2025-11-25) or -32602 (2026-07-28 and the SDK's McpServer). Any other code looks like a server failure.",
    specUrl: `${RESOURCES}#error-handling`,
  },
  "invalid-uri-template": {
    severity: "error",
    title: "URI template is not valid RFC 6570",
    why: "Clients expand and match templates with an RFC 6570 implementation; an invalid template cannot be expanded and its resources cannot be reached.",
    specUrl: `${RESOURCES}#resource-templates`,
  },
  "resource-outside-template": {
    severity: "info",
    title: "Listed resource looks like a template's but does not match it",
    why: "The resource shares a template's fixed prefix yet the template cannot produce its URI, so completion and template-based navigation will never reach it; often a typo in one of the two.",
    specUrl: `${RESOURCES}#resource-templates`,
  },
  "icon-scheme": {
    severity: "error",
    title: "Icon with a disallowed scheme",
    why: "Icons must be https: or data: URIs; javascript:, file: and others are either a script injection attempt or a path on the server's machine that no client can load.",
    specUrl: `${SPEC}/basic/index#icons`,
  },
  "data-icon-without-mime-type": {
    severity: "warning",
    title: "data: icon without mimeType",
    why: "Clients check an icon's mimeType against the image types they accept before decoding it; without one they must guess or refuse.",
    specUrl: `${SPEC}/basic/index#icons`,
  },
  "annotation-out-of-range": {
    severity: "error",
    title: "Annotation out of range",
    why: "priority is a number from 0 to 1 and lastModified an ISO 8601 timestamp; clients that sort or show them get nonsense or fail to parse.",
    specUrl: `${RESOURCES}#annotations`,
  },
  "stdout-not-jsonrpc": {
    severity: "error",
    title: "stdout line that is not JSON-RPC",
    why: "On stdio, stdout carries only JSON-RPC messages; anything else (logs, banners) must go to stderr. Clients drop or choke on it.",
    specUrl: `${SPEC}/basic/transports#stdio`,
  },
  "response-without-request": {
    severity: "error",
    title: "Response to a request never sent",
    why: "Every response answers a request the client sent, with its id; a stray response is dropped and usually means ids are mixed up.",
    specUrl: `${SPEC}/basic/index#responses`,
  },
  "error-without-code": {
    severity: "error",
    title: "Error object without a numeric code",
    why: "JSON-RPC errors must carry an integer code; clients branch on it and cannot classify (or even parse) the error without one.",
    specUrl: `${SPEC}/basic/index#responses`,
  },
  "slow-request": {
    severity: "warning",
    title: "Slow request",
    why: "Not wrong, but slow: clients time requests out (often after 10–60 s) and users wait for every list and read.",
    specUrl: `${SPEC}/basic/lifecycle#timeouts`,
  },
  "modern-result-without-cache-fields": {
    severity: "warning",
    title: "Result without ttlMs or cacheScope (2026-07-28)",
    why: "From 2026-07-28 list and read results carry ttlMs and cacheScope so clients know how long, and for whom, they may cache them.",
    specUrl: `${CACHING}#cacheable-results`,
  },
  "invalid-cache-fields": {
    severity: "error",
    title: "ttlMs or cacheScope out of range (2026-07-28)",
    why: 'ttlMs must be an integer of milliseconds, 0 or more, and cacheScope "public" or "private"; the SDK\'s clients refuse such a result whole, and a cache that guesses may keep a private answer for everyone.',
    specUrl: `${CACHING}#cacheable-model`,
  },
  "result-without-result-type": {
    severity: "error",
    title: "Result without resultType (2026-07-28)",
    why: 'From 2026-07-28 every result says what it is ("complete" or "input_required"); the SDK\'s clients refuse a result without it, so nothing of the answer is shown to their users.',
    specUrl: `${SPEC_2026}/basic/index#resulttype`,
  },
  "public-cache-with-credentials": {
    severity: "warning",
    title: 'cacheScope "public" behind credentials',
    why: 'A public answer may be cached and served to anyone, whatever token fetched it. Behind an Authorization header or OAuth that is right only for data every caller may see; per-user data must be "private".',
    specUrl: `${CACHING}#security-considerations`,
  },
  "empty-contents-for-missing": {
    severity: "error",
    title: "Empty contents for a resource that does not exist (2026-07-28)",
    why: 'A resource that does not exist is an error (-32602), never an empty contents array: empty contents mean the resource exists and is empty, so a client shows a blank resource instead of "not found".',
    specUrl: `${SPEC_2026}/server/resources#error-handling`,
  },
  "not-found-without-uri": {
    severity: "warning",
    title: "Not-found error without data.uri (2026-07-28)",
    why: "-32602 is every invalid parameter; the error's data.uri is what tells a client that the resource is missing (as the spec's error shows) rather than the request malformed.",
    specUrl: `${SPEC_2026}/server/resources#error-handling`,
  },
  "listen-not-acknowledged": {
    severity: "error",
    title: "subscriptions/listen not acknowledged first",
    why: "The first message a server sends on a listen stream must be notifications/subscriptions/acknowledged, naming what it agreed to send; without it a client cannot tell a stream that works from one that never will, and gives up on it after its timeout.",
    specUrl: `${LISTEN}#acknowledgment`,
  },
  "notification-without-subscription-id": {
    severity: "error",
    title: "Stream notification without its subscriptionId",
    why: 'Every notification delivered on a listen stream carries _meta["io.modelcontextprotocol/subscriptionId"]; on stdio all streams share one channel, and clients must use it to tell which subscription a notification belongs to.',
    specUrl: `${LISTEN}#receiving-notifications`,
  },
  "unknown-subscription-id": {
    severity: "error",
    title: "Notification for a subscription that is not open",
    why: "A notification's subscriptionId is the id of the subscriptions/listen request that opened its stream; one that matches no open stream belongs to nobody, and a client drops it or files it under the wrong subscription.",
    specUrl: `${LISTEN}#receiving-notifications`,
  },
  "list-differs-between-connections": {
    severity: "error",
    title: "resources/list differs between two connections",
    why: "From 2026-07-28 the resource list must not vary per connection (only with the credentials presented): two connections with the same credentials must list the same resources, or a client that reconnects, or a second client, sees a different server.",
    specUrl: `${SPEC_2026}/server/resources#capabilities`,
  },
  "invalid-result-item": {
    severity: "error",
    title: "Items that are not valid MCP objects",
    why: "A client that checks the schema refuses the whole answer for one bad item (the SDK's clients do), so none of the list or read is shown; the inspector leaves the bad items out and shows the rest.",
    specUrl: `${SPEC}/schema`,
  },
} as const satisfies Record<string, Rule>;

/** Every rule: the protocol's, then the hosts' (`host-…`). */
export const RULES = { ...PROTOCOL_RULES, ...HOST_RULES } as const satisfies Record<string, Rule>;

export type ProblemCode = keyof typeof RULES;
export const PROBLEM_CODES = Object.keys(RULES) as ProblemCode[];

export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(RULES, code);
}
