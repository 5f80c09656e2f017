/** Small pieces several host models share: token estimates, image types, content fields. */
import { base64ByteLength } from "../content/base64";
import { mimeEssence } from "../content/mime-dispatch";
import type { HostFact, LensNote, Level, ReadContent } from "./types";

/**
 * Hosts count tokens with their model's tokenizer, which is not public; ≈ 4 characters a token is
 * the usual rule for English text and code (an estimate, shown as one).
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** The image types Claude Code and VS Code send to a model as images. */
const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export function isModelImageType(mimeType: unknown): boolean {
  return typeof mimeType === "string" && MODEL_IMAGE_TYPES.has(mimeEssence(mimeType) ?? "");
}

export function textOf(c: ReadContent): string | undefined {
  return typeof c.text === "string" ? c.text : undefined;
}

export function blobOf(c: ReadContent): string | undefined {
  return typeof c.blob === "string" ? c.blob : undefined;
}

export function mimeOf(c: { mimeType?: unknown }): string | undefined {
  return typeof c.mimeType === "string" ? c.mimeType : undefined;
}

export function blobBytes(blob: string): number {
  return base64ByteLength(blob);
}

export function note(level: Level, text: string, f: HostFact): LensNote {
  return { level, text, fact: f };
}

/** The path of a URI as a WHATWG URL parser sees it (what VS Code compares), or null. */
export function urlPathname(uri: string): string | null {
  try {
    return new URL(uri).pathname;
  } catch {
    return null;
  }
}

/** The URI characters Gemini CLI's @-mention parser stops at (whitespace , ; ! ? ( ) [ ] { }). */
export const MENTION_STOP = /[\s,;!?()[\]{}]/;

/** Why `uri` does not survive Gemini CLI's @-mention parser as typed, or null when it does. */
export function mentionBreak(uri: string): string | null {
  const stop = MENTION_STOP.exec(uri);
  if (stop) {
    const ch = stop[0];
    const shown = /\s/.test(ch) ? "whitespace" : `“${ch}”`;
    return `the mention is cut at the ${shown} (position ${stop.index + 1})`;
  }
  if (uri.endsWith(".")) return "the trailing “.” is dropped";
  return null;
}

/** The mention with every stop character backslash-escaped (the parser accepts `\\.`). */
export function escapedMention(text: string): string {
  return text.replace(/[\s,;!?()[\]{}\\]/g, (c) => `\\${c}`).replace(/\.$/, "\\.");
}
