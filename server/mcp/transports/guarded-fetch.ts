import "server-only";
import { pristineFetch } from "@/server/http/pristine-fetch";
import { MessageTooLargeError } from "./owned";

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export class ForeignOriginError extends Error {}

/**
 * The only `fetch` a remote session uses. It contacts only the origins it allows (the URL the
 * user typed; an OAuth flow adds the authorization server it discovered and shows it), never
 * follows a redirect itself (the SDK follows same-origin ones and reports the rest), and caps
 * what a server can make us buffer: a JSON body, or one event of a stream, over `maxBytes` ends
 * the request with a `MessageTooLargeError`, which `onTooLarge` hears too.
 */
export function guardedFetch(options: {
  allowed: Set<string>;
  maxBytes: number;
  onTooLarge: (err: MessageTooLargeError) => void;
  base?: FetchLike;
}): FetchLike {
  const base = options.base ?? pristineFetch;
  return async (url, init) => {
    const target = new URL(url);
    if (!options.allowed.has(target.origin))
      throw new ForeignOriginError(
        `Refused to contact ${target.origin}: only ${[...options.allowed].join(", ")} may be contacted for this server.`,
      );
    const response = await base(target, { ...init, redirect: "manual" });
    // Redirects go back as they are (the SDK follows same-origin ones through this fetch again).
    if (!response.body || response.status < 200 || response.status >= 300 || response.status === 204)
      return response;
    const tooLarge = (size: string) => {
      const limitMb = Math.round(options.maxBytes / (1024 * 1024));
      const err = new MessageTooLargeError(
        `The server sent a message larger than the ${limitMb} MB limit (MCP_INSPECTOR_MAX_MESSAGE_BYTES; ${size}); the session was closed.`,
      );
      options.onTooLarge(err);
      return err;
    };
    const declared = Number(response.headers.get("content-length") ?? NaN);
    const isStream = (response.headers.get("content-type") ?? "").toLowerCase().includes("text/event-stream");
    if (!isStream && declared > options.maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge(`Content-Length ${declared}`);
    }
    // Count bytes of the body, or of the current event of a stream (reset at each blank line).
    let count = 0;
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (isStream) {
            const end = lastEventEnd(chunk);
            count = end < 0 ? count + chunk.byteLength : chunk.byteLength - end;
          } else {
            count += chunk.byteLength;
          }
          if (count > options.maxBytes) {
            controller.error(tooLarge(isStream ? "one event of the stream" : "the response body"));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * Index just past the last `\n\n` (or `\n\r\n`) in the chunk, or -1: where the next event starts.
 * Native `lastIndexOf` jumps between line feeds: a 10 MB event arrives as chunks with none.
 */
function lastEventEnd(chunk: Uint8Array): number {
  for (let i = chunk.lastIndexOf(0x0a); i > 0; i = chunk.lastIndexOf(0x0a, i - 1)) {
    if (chunk[i - 1] === 0x0a) return i + 1;
    if (chunk[i - 1] === 0x0d && i > 1 && chunk[i - 2] === 0x0a) return i + 1;
  }
  return -1;
}
