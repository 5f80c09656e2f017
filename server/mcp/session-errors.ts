import "server-only";

/** Domain errors of the MCP layer; server/http/errors.ts maps them to HTTP answers. */
export class SessionNotFoundError extends Error {
  constructor(id: string) {
    super(`No session with id "${id}".`);
  }
}

export class SessionNotConnectedError extends Error {
  constructor(name: string, status: string) {
    super(`Server "${name}" is ${status}; reconnect it first.`);
  }
}

/** The server could not be started or did not complete initialization. */
export class SessionStartError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string[],
    readonly exitCode: number | null = null,
    readonly signal: string | null = null,
    /** Our own connect timeout ran out (504), not the server's failure (502). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** A remote server wants OAuth sign-in: the session stays, waiting for the user's consent. */
export class SignInRequiredError extends SessionStartError {}

export class TooManySessionsError extends Error {}

/** A launch that must not start as given (a NUL in an argument; a header and OAuth both given). */
export class LaunchRefusedError extends Error {}

export class WatchNotSupportedError extends Error {
  constructor(name: string) {
    super(`Server "${name}" does not declare resources.subscribe, so it cannot be watched.`);
  }
}

export class CompletionsNotSupportedError extends Error {
  constructor(name: string) {
    super(`Server "${name}" does not declare the completions capability.`);
  }
}

export class RestartNotSupportedError extends Error {
  constructor(name: string) {
    super(`"${name}" is a remote server: only a local (stdio) server can be restarted on a change.`);
  }
}

/** A capture opened offline (issue 25): nothing runs, so nothing can be watched, restarted or signed into. */
export class CaptureReadOnlyError extends Error {
  constructor(what = "watched") {
    super(`A capture is read-only: it cannot be ${what}.`);
  }
}

/** Watch mode cannot start: the path is missing, not a file or folder, or too large a tree. */
export class WatchPathError extends Error {}

/** The user cancelled the request (the server was sent `notifications/cancelled`). */
export class RequestCancelledError extends Error {
  constructor(message = "Cancelled by the user; the server was sent notifications/cancelled.") {
    super(message);
    this.name = "RequestCancelledError";
  }
}

/** The page named two requests in flight alike (lib/api/progress.ts): ids are one per request. */
export class RequestIdInUseError extends Error {}

/**
 * An MCP error's message with one "MCP error N: " in front. A server built on the SDK's McpServer
 * sends its message already prefixed (it throws an McpError, whose message it serializes), and the
 * client's McpError prefixes it again: "MCP error -32602: MCP error -32602: Resource … not found".
 */
export function oncePrefixed(message: string): string {
  return message.replace(/^(MCP error (-?\d+): )(?:MCP error \2: )+/, "$1");
}

/**
 * A schema failure (the SDK checks every answer against the MCP schema; zod 4's core $ZodError is
 * not an Error subclass, so it is known by its issues) as one line naming the first issue, or null
 * for any other error. zod's own message is the issues as pretty-printed JSON.
 */
export function schemaFailureText(err: unknown): string | null {
  const issues = (err as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return null;
  const first = issues[0] as { path?: unknown; message?: unknown } | undefined;
  const at = Array.isArray(first?.path) && first.path.length > 0 ? `${first.path.join(".")}: ` : "";
  const what = typeof first?.message === "string" ? first.message.slice(0, 300) : "invalid";
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `The server's answer does not follow the MCP schema: ${at}${what}${more}`;
}
