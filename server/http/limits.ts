/**
 * Request limits shared by the launcher (declared Content-Length) and the route wrapper (bytes
 * actually read). Not `import "server-only"`: the launcher loads it under tsx.
 */

/** The largest request body any route takes: a check file or a draft is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A capture file (POST /api/captures, issue 25): its bytes as sent, gzip or plain JSON. The one
 * route whose body is not JSON and may be larger; its JSON once inflated is capped by
 * `MAX_CAPTURE_JSON_BYTES` (a capture's reads are at most the writer's 50 MB budget by default).
 */
export const CAPTURE_UPLOAD_PATH = "/api/captures";
export const MAX_CAPTURE_BODY_BYTES = 64 * 1024 * 1024;
export const MAX_CAPTURE_JSON_BYTES = 256 * 1024 * 1024;

/** The body limit of a request path (before Next: the launcher's gate). */
export function bodyLimitOf(path: string): number {
  return path === CAPTURE_UPLOAD_PATH ? MAX_CAPTURE_BODY_BYTES : MAX_BODY_BYTES;
}

/**
 * The header a handler sets to have its body's exact length sent: Next drops `Content-Length` from
 * every handler Response (next/dist/server/send-response.js, for bodies fetch may have decoded);
 * ours are bytes we built, so the launcher turns this into `Content-Length` (request-gate.ts).
 */
export const BODY_LENGTH_HEADER = "x-body-length";
