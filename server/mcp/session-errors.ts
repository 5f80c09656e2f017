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
