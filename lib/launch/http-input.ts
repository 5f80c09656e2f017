/**
 * The rules for a server URL and its headers, without zod: the API's schemas (lib/api/contract.ts) are
 * built from these, and the page checks a paste with the same functions, so the first page does
 * not ship a validation library to say what the backend would answer.
 */

/**
 * The one registry of how the inspector talks to a server behind a URL: the API schema, the
 * check-file schema, the command line, the config import and the review step all read it. A new
 * remote transport is a row here (and its implementation in server/mcp/transports/).
 */
export const HTTP_TRANSPORTS = {
  auto: {
    label: "Auto",
    hint: "Streamable HTTP, falling back to SSE; WebSocket for ws://",
    /** The `type` (or `transport`) values of client configs that mean this transport. */
    configTypes: [],
    /** The URL schemes it speaks (`auto` picks WebSocket for ws:// and wss://). */
    schemes: ["http:", "https:", "ws:", "wss:"],
  },
  "streamable-http": {
    label: "Streamable HTTP",
    hint: "",
    configTypes: ["http", "streamable-http", "streamableHttp", "streamable_http"],
    schemes: ["http:", "https:"],
  },
  sse: {
    label: "SSE",
    hint: "the legacy HTTP+SSE transport",
    configTypes: ["sse"],
    schemes: ["http:", "https:"],
  },
  // Claude Code's `"type": "ws"`: the SDK's convention (subprotocol `mcp`, a message per text frame).
  websocket: {
    label: "WebSocket",
    hint: "ws:// or wss://; headers only, no OAuth",
    configTypes: ["ws", "websocket"],
    schemes: ["ws:", "wss:"],
  },
} as const satisfies Record<
  string,
  { label: string; hint: string; configTypes: readonly string[]; schemes: readonly string[] }
>;

export type HttpTransportChoice = keyof typeof HTTP_TRANSPORTS;

/** The transport's name as the page shows it. */
export const TRANSPORT_LABEL = Object.fromEntries(
  Object.entries(HTTP_TRANSPORTS).map(([choice, t]) => [choice, t.label]),
) as Record<HttpTransportChoice, string>;
/** `auto` first: the default. */
export const httpTransportChoices = Object.keys(HTTP_TRANSPORTS) as [
  HttpTransportChoice,
  ...HttpTransportChoice[],
];

/** A client config's transport type (`"type": "http"`, `"sse"`, …) → the transport it means. */
export function transportOfConfigType(type: string): HttpTransportChoice | undefined {
  for (const [choice, t] of Object.entries(HTTP_TRANSPORTS) as [
    HttpTransportChoice,
    (typeof HTTP_TRANSPORTS)[HttpTransportChoice],
  ][])
    if ((t.configTypes as readonly string[]).includes(type)) return choice;
  return undefined;
}

export const HTTP_URL_MAX = 8_192;
export const HTTP_URL_MESSAGE = "expected an http://, https://, ws:// or wss:// URL without user:password@";

/** A server URL's scheme, as a paste or a command line starts (`looksLikeUrl`, the CLI's target). */
export const SERVER_URL_START = /^(?:https?|wss?):\/\//i;

/**
 * An http(s) or ws(s) URL with a host, no credentials in it (they would end up in logs and check
 * files). Which transport may use which scheme is `transportUrlProblem`.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (HTTP_TRANSPORTS.auto.schemes as readonly string[]).includes(u.protocol) &&
      u.hostname !== "" &&
      !u.username &&
      !u.password
    );
  } catch {
    return false;
  }
}

/** A ws:// or wss:// URL (parsed or not): what `auto` connects over WebSocket. */
export function isWebSocketUrl(value: string): boolean {
  return /^wss?:/i.test(value.trim());
}

/** The transport a launch really uses: `auto` with a ws(s) URL means WebSocket. */
export function transportFor(url: string, choice: HttpTransportChoice): HttpTransportChoice {
  return choice === "auto" && isWebSocketUrl(url) ? "websocket" : choice;
}

/**
 * Why a URL and a chosen transport do not go together (an http URL with WebSocket, a ws URL
 * with Streamable HTTP or SSE), or null. Said the same on every road: API, CLI, config, check.
 */
export function transportUrlProblem(url: string, choice: HttpTransportChoice): string | null {
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    return null; // the URL's own rule says why
  }
  const t = HTTP_TRANSPORTS[choice];
  if ((t.schemes as readonly string[]).includes(scheme)) return null;
  return choice === "websocket"
    ? `The WebSocket transport needs a ws:// or wss:// URL, not ${scheme}//: write the URL as ws://… (or wss://…), or choose another transport.`
    : `A ${scheme}// URL is a WebSocket server: choose the WebSocket transport (or Auto), not ${t.label}.`;
}

/** The transports a URL can be spoken to with (the review step offers only these), `auto` first. */
export function transportsForUrl(url: string): HttpTransportChoice[] {
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    return httpTransportChoices;
  }
  return httpTransportChoices.filter((c) =>
    (HTTP_TRANSPORTS[c].schemes as readonly string[]).includes(scheme),
  );
}

// What the review step says of hosts and WebSocket is a host fact (docs/HOSTS.md, each host's
// `websocket` fact): lib/hosts says it, the launch rules pass it on.
export { WEBSOCKET_HOSTS_NOTE, WEBSOCKET_OAUTH_MESSAGE } from "../hosts/transports";

/** Why a server URL is refused, or null when the API takes it. */
export function httpUrlProblem(value: string): string | null {
  if (value.length > HTTP_URL_MAX) return `Too big: expected string to have <=${HTTP_URL_MAX} characters`;
  return isHttpUrl(value) ? null : HTTP_URL_MESSAGE;
}

/** Header names are RFC 9110 tokens; values carry no line breaks (no header injection). */
export const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
export const HEADER_VALUE_PATTERN = /^[^\r\n\0]*$/;
export const HEADER_VALUE_MAX = 16_384;
export const MAX_HEADERS = 64;
export const HEADER_NAME_MESSAGE = "invalid header name";
export const HEADER_VALUE_MESSAGE = "header values cannot contain line breaks";
export const HEADER_COUNT_MESSAGE = `at most ${MAX_HEADERS} headers`;
/** A JSON object key that plain objects (and zod's record) drop: refused, never silently lost. */
export const RESERVED_HEADER_NAME = "__proto__";
export const HEADER_RESERVED_MESSAGE = `"${RESERVED_HEADER_NAME}" cannot be used as a header name`;

/** Why one header is refused, or null when the API takes it. */
export function headerProblem(name: string, value: string): string | null {
  if (!HEADER_NAME_PATTERN.test(name)) return HEADER_NAME_MESSAGE;
  if (name === RESERVED_HEADER_NAME) return HEADER_RESERVED_MESSAGE;
  if (value.length > HEADER_VALUE_MAX)
    return `Too big: expected string to have <=${HEADER_VALUE_MAX} characters`;
  if (!HEADER_VALUE_PATTERN.test(value)) return HEADER_VALUE_MESSAGE;
  return null;
}

/** The user's own `Authorization` header for a server (any case), or undefined. */
export function authorizationHeaderOf(headers: Readonly<Record<string, string>>): string | undefined {
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() === "authorization") return value;
  return undefined;
}

/** OAuth settings worth the name: anything but an empty object (the page sends `{}` when untouched). */
interface AuthChoice {
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  remember?: boolean;
  clientMetadataUrl?: string;
}

export const AUTH_CONFLICT_MESSAGE =
  "Give either an Authorization header or OAuth sign-in settings, not both: with your own Authorization header the inspector never signs in with OAuth (it would replace your header, or yours would replace its token). Remove the header to sign in, or clear the OAuth settings to send your header.";

/**
 * One rule for who authorizes requests to a server: the user's own `Authorization` header, or the
 * OAuth sign-in — never both (each would silently replace the other). Null when the pair is fine.
 */
export function authConflict(
  headers: Readonly<Record<string, string>> | undefined,
  auth: AuthChoice | undefined,
): string | null {
  if (!headers || authorizationHeaderOf(headers) === undefined || !auth) return null;
  const chosen =
    auth.clientId !== undefined ||
    auth.clientSecret !== undefined ||
    (auth.scope !== undefined && auth.scope !== "") ||
    auth.clientMetadataUrl !== undefined ||
    auth.remember === true;
  return chosen ? AUTH_CONFLICT_MESSAGE : null;
}
