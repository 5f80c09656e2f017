/**
 * Request limits shared by the launcher (declared Content-Length) and the route wrapper (bytes
 * actually read). Not `import "server-only"`: the launcher loads it under tsx.
 */

/** The largest request body any route takes: a check file or a draft is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The header a handler sets to have its body's exact length sent: Next drops `Content-Length` from
 * every handler Response (next/dist/server/send-response.js, for bodies fetch may have decoded);
 * ours are bytes we built, so the launcher turns this into `Content-Length` (request-gate.ts).
 */
export const BODY_LENGTH_HEADER = "x-body-length";
