/**
 * Asking for a capture (issue 25), one shape for the page, the route and the command line: the
 * body of `POST /api/sessions/{id}/capture`, the byte budget's bounds, the file's name.
 */
import { z } from "zod";
import { CAPTURE_SUFFIX } from "./names";

/** The budget "capture all" starts with in the page and the CLI (the writer's default too). */
export const DEFAULT_CAPTURE_MB = 50;
/** The largest budget anyone may ask for: the file is built in memory before it is sent or written. */
export const MAX_CAPTURE_BYTES = 1024 * 1024 * 1024;
/** How much of a server's name a file name keeps (the name is the server's to choose). */
const NAME_CHARS = 60;

export const captureBodySchema = z
  .object({
    /** Read every listed resource not read yet, until `maxBytes` of content. */
    all: z.boolean().optional(),
    maxBytes: z.number().int().min(0).max(MAX_CAPTURE_BYTES).optional(),
  })
  .strict();

export type CaptureBody = z.infer<typeof captureBodySchema>;

/**
 * "demo-server-2026-01-02T03-04-05Z.mcpcapture.json.gz": a name safe on every file system and in a
 * Content-Disposition header (ASCII letters, digits, `._-`), whatever the server called itself.
 */
export function captureFileName(serverName: string, at = new Date()): string {
  const safe =
    serverName
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/[-.]{2,}/g, "-")
      .replace(/^[-.]+|-+$/g, "")
      .slice(0, NAME_CHARS)
      .replace(/[-.]+$/, "") || "server";
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return `${safe}-${stamp}${CAPTURE_SUFFIX}`;
}

/** "reading 3 of 40": what a capture is doing, for a progress bar or a terminal line. */
export function captureProgressText(p: { phase: "lists" | "reads"; done: number; total: number }): string {
  if (p.phase === "lists") return p.done === 0 ? "listing resources" : "listing templates";
  return `reading ${p.done} of ${p.total}`;
}
