/**
 * Finds the characters a browser draws as nothing, as blank, or that reorder the text around them,
 * so the consent step can show them as badges instead. A pasted `node\u202E x.js` otherwise reads
 * as `node`: the RIGHT-TO-LEFT OVERRIDE draws nothing and flips what follows it.
 *
 * Kinds, checked in this order (a character has one kind):
 * - bidi: the explicit direction controls (UAX #9 §2: embeddings, overrides, isolates, marks).
 * - control: C0, DEL and C1 (`\p{Cc}`), tab and newline included: an argument that spans lines or
 *   carries an ESC sequence should say so.
 * - space: every Unicode White_Space but U+0020 (NBSP, EN SPACE…, IDEOGRAPHIC SPACE, LINE SEPARATOR).
 * - invisible: format characters (`\p{Cf}`: zero-width, word joiner, BOM, soft hyphen, tags…),
 *   Default_Ignorable_Code_Point (variation selectors, Hangul fillers, CGJ), BRAILLE PATTERN BLANK,
 *   and code points a font cannot show: private use, unassigned, lone surrogates.
 *
 * Pure: no React. `components/connect/visible-text.tsx` renders the parts.
 */

export type HiddenKind = "bidi" | "control" | "space" | "invisible";

export interface HiddenCharacter {
  kind: HiddenKind;
  codePoint: number;
  /** "U+202E". */
  code: string;
  /** "RIGHT-TO-LEFT OVERRIDE", or a description where the name is not in the table below. */
  name: string;
}

export type TextPart =
  | { kind: "text"; text: string }
  /** One ordinary space (U+0020): shown as itself, tinted so runs and edges are countable. */
  | { kind: "space" }
  | { kind: "hidden"; character: HiddenCharacter };

// prettier-ignore
const C0_NAMES = [
  "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY",
  "ACKNOWLEDGE", "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION",
  "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE", "DEVICE CONTROL ONE",
  "DEVICE CONTROL TWO", "DEVICE CONTROL THREE", "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE",
  "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL", "END OF MEDIUM", "SUBSTITUTE", "ESCAPE",
  "INFORMATION SEPARATOR FOUR", "INFORMATION SEPARATOR THREE", "INFORMATION SEPARATOR TWO",
  "INFORMATION SEPARATOR ONE",
] as const;

const BIDI: Record<number, string> = {
  0x061c: "ARABIC LETTER MARK",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
};

const NAMES: Record<number, string> = {
  0x007f: "DELETE",
  0x0085: "NEXT LINE",
  0x009b: "CONTROL SEQUENCE INTRODUCER",
  0x00a0: "NO-BREAK SPACE",
  0x00ad: "SOFT HYPHEN",
  0x034f: "COMBINING GRAPHEME JOINER",
  0x115f: "HANGUL CHOSEONG FILLER",
  0x1160: "HANGUL JUNGSEONG FILLER",
  0x1680: "OGHAM SPACE MARK",
  0x17b4: "KHMER VOWEL INHERENT AQ",
  0x17b5: "KHMER VOWEL INHERENT AA",
  0x180b: "MONGOLIAN FREE VARIATION SELECTOR ONE",
  0x180c: "MONGOLIAN FREE VARIATION SELECTOR TWO",
  0x180d: "MONGOLIAN FREE VARIATION SELECTOR THREE",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x180f: "MONGOLIAN FREE VARIATION SELECTOR FOUR",
  0x2000: "EN QUAD",
  0x2001: "EM QUAD",
  0x2002: "EN SPACE",
  0x2003: "EM SPACE",
  0x2004: "THREE-PER-EM SPACE",
  0x2005: "FOUR-PER-EM SPACE",
  0x2006: "SIX-PER-EM SPACE",
  0x2007: "FIGURE SPACE",
  0x2008: "PUNCTUATION SPACE",
  0x2009: "THIN SPACE",
  0x200a: "HAIR SPACE",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202f: "NARROW NO-BREAK SPACE",
  0x205f: "MEDIUM MATHEMATICAL SPACE",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0x2800: "BRAILLE PATTERN BLANK",
  0x3000: "IDEOGRAPHIC SPACE",
  0x3164: "HANGUL FILLER",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE (BOM)",
  0xffa0: "HALFWIDTH HANGUL FILLER",
  0xe0001: "LANGUAGE TAG",
  0xe007f: "CANCEL TAG",
};

const CONTROL = /^\p{Cc}$/u;
const SPACE = /^\p{White_Space}$/u;
// U+2800 draws as a blank cell but is a symbol (So), so no property covers it.
const INVISIBLE = /^(?:[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}]|\u2800)$/u;

export function formatCodePoint(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

function describe(kind: HiddenKind, cp: number, ch: string): string {
  const known = BIDI[cp] ?? NAMES[cp] ?? C0_NAMES[cp];
  if (known !== undefined) return known;
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return `VARIATION SELECTOR-${cp - 0xe0100 + 17}`;
  // Tags mirror ASCII and can spell a hidden message (LLM prompt smuggling); name the letter.
  if (cp >= 0xe0020 && cp <= 0xe007e) return `TAG ${JSON.stringify(String.fromCodePoint(cp - 0xe0000))}`;
  if (kind === "control") return cp >= 0x80 ? "C1 CONTROL CHARACTER" : "CONTROL CHARACTER";
  if (kind === "space") return "SPACE CHARACTER";
  if (/\p{Cs}/u.test(ch)) return "LONE SURROGATE (not a character)";
  if (/\p{Co}/u.test(ch)) return "PRIVATE-USE CHARACTER";
  if (/\p{Cn}/u.test(ch)) return "UNASSIGNED CODE POINT";
  if (/\p{Cf}/u.test(ch)) return "FORMAT CHARACTER";
  return "INVISIBLE CHARACTER";
}

/** The kind of a hidden character, or null for one that draws as itself (U+0020 included). */
export function hiddenKind(ch: string): HiddenKind | null {
  const cp = ch.codePointAt(0) ?? 0;
  if (BIDI[cp] !== undefined) return "bidi";
  if (CONTROL.test(ch)) return "control";
  if (ch === " ") return null;
  if (SPACE.test(ch)) return "space";
  if (INVISIBLE.test(ch)) return "invisible";
  return null;
}

function hiddenCharacter(ch: string): HiddenCharacter | null {
  const kind = hiddenKind(ch);
  if (kind === null) return null;
  const codePoint = ch.codePointAt(0) ?? 0;
  return { kind, codePoint, code: formatCodePoint(codePoint), name: describe(kind, codePoint, ch) };
}

/**
 * Splits a value into drawable text, ordinary spaces and hidden characters, in order; joining the
 * parts back (a hidden part as its code point) gives the value again.
 */
export function visibleParts(value: string): TextPart[] {
  const parts: TextPart[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") parts.push({ kind: "text", text });
    text = "";
  };
  // for…of walks code points; a lone surrogate comes out as one unit and is reported as such.
  for (const ch of value) {
    const character = hiddenCharacter(ch);
    if (character !== null) {
      flush();
      parts.push({ kind: "hidden", character });
    } else if (ch === " ") {
      flush();
      parts.push({ kind: "space" });
    } else {
      text += ch;
    }
  }
  flush();
  return parts;
}

/** Every hidden character of a value, in order (repeats included). */
export function findHiddenCharacters(value: string): HiddenCharacter[] {
  const found: HiddenCharacter[] = [];
  for (const ch of value) {
    const character = hiddenCharacter(ch);
    if (character !== null) found.push(character);
  }
  return found;
}

/**
 * The value as plain text with each hidden character written as `⟨U+202E⟩`: safe to put in a
 * message, where a raw override would flip the rest of the sentence.
 */
export function escapeHidden(value: string): string {
  let out = "";
  for (const ch of value) {
    const character = hiddenCharacter(ch);
    out += character === null ? ch : `⟨${character.code}⟩`;
  }
  return out;
}
