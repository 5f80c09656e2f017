/**
 * Session kinds as data (issue 34): what each kind of session can do, in one table. The session,
 * the routes, the CLI and the page ask a kind's row (`abilitiesOf`), never the kind itself: a new
 * kind (the 2026-07-28 era over HTTP, an MCP App frame) is a new row, not a new flag tested in
 * seventeen files. Isomorphic: the summary carries the row to the page.
 */
import { authorizationHeaderOf, transportFor, type HttpTransportChoice } from "./http-input";

export interface SessionAbilities {
  /** OAuth sign-in when the server asks for it (a 401): remote HTTP only, never WebSocket. */
  signIn: boolean;
  /** Restart the process, and restart on a file change ("watch mode"): a local process only. */
  restart: boolean;
  /** The server's stderr (a process's, or the one a capture holds). */
  stderr: boolean;
  /** Call tools, subscribe, complete: a live server behind it. */
  live: boolean;
  /** A dropped notification stream is re-opened (Streamable HTTP's GET stream). */
  reconnect: boolean;
  /** A server that forgot our session (HTTP 404 for its Mcp-Session-Id) is re-initialized. */
  reinitialize: boolean;
  /** The Problems panel's active scan, a capture, a recording of a check from it. */
  scan: boolean;
  capture: boolean;
  record: boolean;
  /** Closed after the idle time without a tab (a capture and a command-line server are kept). */
  idleReap: boolean;
  /** Counted among the "servers connected". */
  counted: boolean;
}

export type SessionKindId = "stdio" | "streamable-http" | "sse" | "websocket" | "capture";

const live = { live: true, scan: true, capture: true, record: true, idleReap: true, counted: true };
const remote = { restart: false, stderr: false };

export const SESSION_KINDS: Readonly<Record<SessionKindId, Readonly<SessionAbilities>>> = {
  stdio: { ...live, signIn: false, restart: true, stderr: true, reconnect: false, reinitialize: false },
  // `auto` counts as Streamable HTTP: it falls back to SSE only when the server is not one.
  "streamable-http": { ...live, ...remote, signIn: true, reconnect: true, reinitialize: true },
  sse: { ...live, ...remote, signIn: true, reconnect: false, reinitialize: false },
  // Claude Code's "type": "ws": headers only, no OAuth (a 401 is explained, not signed into).
  websocket: { ...live, ...remote, signIn: false, reconnect: false, reinitialize: false },
  // A capture opened offline: replayed in-process, read-only, nothing runs or is contacted.
  capture: {
    signIn: false,
    restart: false,
    stderr: true,
    live: false,
    reconnect: false,
    reinitialize: false,
    scan: false,
    capture: false,
    record: false,
    idleReap: false,
    counted: false,
  },
};

/** The launch shapes a kind is read from (a spec, or the summary the page holds). */
type LaunchShape = { kind: "stdio" } | { kind: "http"; url: string; transport: HttpTransportChoice };

/** Which kind a launch is (a capture's own launch is what it recorded: the capture wins). */
export function sessionKindOf(launch: LaunchShape, capture = false): SessionKindId {
  if (capture) return "capture";
  if (launch.kind === "stdio") return "stdio";
  const t = transportFor(launch.url, launch.transport);
  return t === "websocket" ? "websocket" : t === "sse" ? "sse" : "streamable-http";
}

export function abilitiesOf(launch: LaunchShape, capture = false): Readonly<SessionAbilities> {
  return SESSION_KINDS[sessionKindOf(launch, capture)];
}

/**
 * Whether a session of this launch may start an OAuth sign-in: the one decision the session, the
 * CLI's listener and the check runner share. Its kind must allow it (remote HTTP, not WebSocket,
 * not a capture), and the user must not bring their own Authorization header: with it, a 401 is
 * that header's failure, never the start of a sign-in (lib/launch/http-input.ts authConflict).
 */
export function maySignIn(
  launch:
    | { kind: "stdio" }
    | {
        kind: "http";
        url: string;
        transport: HttpTransportChoice;
        headers: Readonly<Record<string, string>>;
      },
  capture = false,
): boolean {
  return (
    abilitiesOf(launch, capture).signIn &&
    launch.kind === "http" &&
    authorizationHeaderOf(launch.headers) === undefined
  );
}
