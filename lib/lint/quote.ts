/**
 * How a finding quotes what a server sent. Both are short by design: a problem's message names a
 * URI or a value, it does not carry it (the store clips every message again, server/lint/).
 */
import { clip } from "../limits/bounds";

/** Most characters of a server's value quoted in a message or kept as a problem's excerpt. */
export const EXCERPT_CHARS = 400;

/** A value as a finding quotes it: a string as is, anything else as JSON, clipped with its length. */
export function excerpt(value: unknown, max = EXCERPT_CHARS): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return clip(text, max);
}

/** A URI or name inside a sentence: at most `n` characters and "…". */
export const short = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);
