/**
 * Progress and cancel of slow requests (issue 16). The page names each request it sends with an id
 * of its own in a header; the backend sends that request's MCP `notifications/progress` (and the
 * pages of a list walk) back over the event stream as `progress` events carrying the id, and
 * cancels it — `notifications/cancelled` to the server — when the page's fetch is aborted or
 * `POST /api/sessions/{id}/requests/{requestId}/cancel` names it.
 */
import { formatBytes } from "../content/content-kind";

export const REQUEST_ID_HEADER = "X-Inspector-Request-Id";
/** What a request id must look like (server/http/tracked.ts checks it; the page makes ids with newRequestId). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** What the page knows of one request in flight, as the progress events told it. */
export interface RequestProgress {
  /** `progress`/`total` as the server sent them (spec: progress increases; total may be absent). */
  progress?: number;
  total?: number;
  message?: string;
  /** A list walk: pages fetched so far. */
  page?: number;
  /**
   * Measured by the inspector (a walk's pages, bytes downloaded), not sent by the server: shown
   * only once the request is slow, so a quick re-list or a small image never flashes a bar.
   */
  ours?: boolean;
}

/** A request goes quiet this long before the page offers its elapsed time and Cancel. */
export const SHOW_CANCEL_AFTER_MS = 1_000;

/** A fresh id for one request (random, URL-safe). */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

/** Fraction done (0..1) when the server gave a total; undefined means "indeterminate". */
export function progressFraction(p: RequestProgress | undefined): number | undefined {
  if (!p || p.total === undefined || p.progress === undefined || !(p.total > 0)) return undefined;
  return Math.min(1, Math.max(0, p.progress / p.total));
}

/** "3.2 s", "1 min 05 s": the elapsed time shown beside Cancel. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(Math.floor(s % 60)).padStart(2, "0")} s`;
}

/** "1.2 MiB of 10 MiB" (total unknown: "1.2 MiB"), in the viewer's one byte format. */
export function formatBytesOf(received: number, total: number | undefined): string {
  return total === undefined ? formatBytes(received) : `${formatBytes(received)} of ${formatBytes(total)}`;
}

/** What `POST /api/sessions/{id}/requests/{requestId}/cancel` answers. */
export interface CancelResponse {
  /** False when the request had already ended (or was never in flight). */
  cancelled: boolean;
}

/**
 * A response body read chunk by chunk, telling `onBytes` how much arrived of the declared
 * Content-Length (undefined when not declared), at most every `everyMs` and once at the end.
 */
export async function readWithProgress(
  response: Response,
  onBytes: (received: number, total: number | undefined) => void,
  everyMs = 100,
): Promise<Blob> {
  const type = response.headers.get("Content-Type") ?? "";
  const declared = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(declared) && declared > 0 ? declared : undefined;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  let told = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (Date.now() - told >= everyMs) {
      told = Date.now();
      onBytes(received, total);
    }
  }
  onBytes(received, total);
  return new Blob(chunks, { type });
}
