import "server-only";
import { randomBytes } from "node:crypto";
import type { ReadResponse } from "@/lib/api/contract";
import { contentItemBytes } from "./content";
import { HttpError } from "./errors";

/**
 * Server HTML and PDF for the viewer's preview frame, kept briefly under an unguessable id. The
 * frame route serves them as documents of their own with a sandbox CSP: an opaque origin in the
 * frame and in a tab of its own, which a blob: URL (our origin, our page's CSP) never was. The id
 * is a capability for one document, not the API token: iframes cannot send headers, and a leaked
 * id shows one sandboxed page for ten minutes at most.
 */

export interface FrameDocument {
  bytes: Buffer;
  contentType: "text/html; charset=utf-8" | "application/pdf";
  scripts: boolean;
  expiresAt: number;
}

const TTL_MS = 10 * 60_000;
const MAX_FRAMES = 32;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

export class FrameStore {
  private readonly frames = new Map<string, FrameDocument>();
  private total = 0;

  constructor(private readonly now: () => number = Date.now) {}

  add(
    bytes: Buffer,
    contentType: FrameDocument["contentType"],
    scripts: boolean,
  ): { id: string; expiresAt: number } {
    if (bytes.byteLength > MAX_TOTAL_BYTES) {
      throw new HttpError(413, "payload_too_large", `A preview is limited to ${MAX_TOTAL_BYTES} bytes.`);
    }
    this.sweep();
    // Oldest first (Map keeps insertion order) until the new one fits.
    for (const [id, frame] of this.frames) {
      if (this.frames.size < MAX_FRAMES && this.total + bytes.byteLength <= MAX_TOTAL_BYTES) break;
      this.delete(id, frame);
    }
    const id = randomBytes(32).toString("base64url");
    const expiresAt = this.now() + TTL_MS;
    this.frames.set(id, { bytes, contentType, scripts, expiresAt });
    this.total += bytes.byteLength;
    return { id, expiresAt };
  }

  get(id: string): FrameDocument | undefined {
    this.sweep();
    return this.frames.get(id);
  }

  get size(): number {
    return this.frames.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, frame] of this.frames) if (frame.expiresAt <= now) this.delete(id, frame);
  }

  private delete(id: string, frame: FrameDocument): void {
    this.frames.delete(id);
    this.total -= frame.bytes.byteLength;
  }
}

// On globalThis: the route that adds and the route that serves are separate bundles.
const g = globalThis as typeof globalThis & { __mcpFrames?: FrameStore };
export const getFrameStore = (): FrameStore => (g.__mcpFrames ??= new FrameStore());

/** The bytes of content item `index` as a frame document of `kind`. */
export function frameDocumentOf(
  result: ReadResponse,
  index: number,
  kind: "html" | "pdf",
): { bytes: Buffer; contentType: FrameDocument["contentType"] } {
  const { bytes } = contentItemBytes(result, index);
  return { bytes, contentType: kind === "html" ? "text/html; charset=utf-8" : "application/pdf" };
}
