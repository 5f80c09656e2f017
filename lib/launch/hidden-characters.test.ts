import { describe, it, expect } from "vitest";
import {
  escapeHidden,
  findHiddenCharacters,
  formatCodePoint,
  hiddenKind,
  visibleParts,
  type TextPart,
} from "./hidden-characters";

const cp = (n: number) => String.fromCodePoint(n);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Test rows named by code point: [["U+202E", 0x202e], …]. */
const named = (codePoints: number[]) => codePoints.map((n) => [formatCodePoint(n), n] as const);

/** The parts as a string, hidden characters as ⟨U+…⟩ and spaces as "·": what the review shows. */
function shown(parts: TextPart[]): string {
  return parts
    .map((p) => (p.kind === "text" ? p.text : p.kind === "space" ? "·" : `⟨${p.character.code}⟩`))
    .join("");
}

describe("visibleParts", () => {
  it("shows a RIGHT-TO-LEFT OVERRIDE in `node\\u202e` instead of drawing just `node`", () => {
    const parts = visibleParts("node\u202e");
    expect(shown(parts)).toBe("node⟨U+202E⟩");
    expect(parts[1]).toEqual({
      kind: "hidden",
      character: { kind: "bidi", codePoint: 0x202e, code: "U+202E", name: "RIGHT-TO-LEFT OVERRIDE" },
    });
  });

  it("keeps ordinary text in one part and marks each ordinary space", () => {
    expect(visibleParts("a b  c")).toEqual([
      { kind: "text", text: "a" },
      { kind: "space" },
      { kind: "text", text: "b" },
      { kind: "space" },
      { kind: "space" },
      { kind: "text", text: "c" },
    ]);
  });

  it("returns no parts for the empty string", () => {
    expect(visibleParts("")).toEqual([]);
  });

  it("leaves letters, accents, CJK, RTL letters and emoji as text", () => {
    const value = "café 日本語 שלום 🚀 e\u0301";
    expect(visibleParts(value).filter((p) => p.kind === "hidden")).toEqual([]);
  });

  it("shows every character of a value exactly once, in order", () => {
    const value = "a\u200bb\u00a0c\u2066d\u0000\u{e0041}";
    expect(shown(visibleParts(value))).toBe("a⟨U+200B⟩b⟨U+00A0⟩c⟨U+2066⟩d⟨U+0000⟩⟨U+E0041⟩");
  });

  it("shows a character outside the BMP (a tag) as one badge, not two surrogates", () => {
    expect(visibleParts("\u{e0068}")).toHaveLength(1);
  });

  it("shows a lone surrogate as a badge", () => {
    expect(shown(visibleParts("a\ud800b"))).toBe("a⟨U+D800⟩b");
    expect(findHiddenCharacters("\udc00")[0]?.name).toMatch(/lone surrogate/i);
  });
});

describe("hiddenKind", () => {
  it.each(named([0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)]))(
    "calls %s a bidi control",
    (_, n) => {
      expect(hiddenKind(cp(n))).toBe("bidi");
    },
  );

  it.each(named([...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)]))(
    "calls %s a control character",
    (_, n) => {
      expect(hiddenKind(cp(n))).toBe("control");
    },
  );

  it.each(named([0xa0, 0x1680, ...range(0x2000, 0x200a), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]))(
    "calls %s an unusual space",
    (_, n) => {
      expect(hiddenKind(cp(n))).toBe("space");
    },
  );

  it.each(
    named([
      ...range(0x200b, 0x200d),
      ...range(0x2060, 0x2064),
      0xfeff,
      0xad,
      0x180e,
      0x34f,
      0x115f,
      0x1160,
      0x3164,
      0xffa0,
      0x2800,
      ...range(0xfe00, 0xfe0f),
      0xe0100,
      0xe01ef,
      0x180b,
      0xe0000,
      0xe0001,
      0xe0020,
      0xe0041,
      0xe007f,
      0x110bd, // KAITHI NUMBER SIGN: Cf outside any named block above
      0x1d173, // MUSICAL SYMBOL BEGIN BEAM: Cf
      0xe000, // private use
      0xfffe, // noncharacter (unassigned)
    ]),
  )("calls %s invisible", (_, n) => {
    expect(hiddenKind(cp(n))).toBe("invisible");
  });

  it.each([" ", "a", "é", "-", "~", "😀", "\u05d0", "\u0627"])("leaves %j alone", (ch) => {
    expect(hiddenKind(ch)).toBeNull();
  });
});

describe("names", () => {
  const rows: [number, string][] = [
    [0x202e, "RIGHT-TO-LEFT OVERRIDE"],
    [0x2066, "LEFT-TO-RIGHT ISOLATE"],
    [0x061c, "ARABIC LETTER MARK"],
    [0x200b, "ZERO WIDTH SPACE"],
    [0xfeff, "ZERO WIDTH NO-BREAK SPACE (BOM)"],
    [0x00ad, "SOFT HYPHEN"],
    [0x00a0, "NO-BREAK SPACE"],
    [0x3000, "IDEOGRAPHIC SPACE"],
    [0x09, "CHARACTER TABULATION"],
    [0x0a, "LINE FEED"],
    [0x1b, "ESCAPE"],
    [0x7f, "DELETE"],
    [0x9b, "CONTROL SEQUENCE INTRODUCER"],
    [0x90, "C1 CONTROL CHARACTER"],
    [0xfe0f, "VARIATION SELECTOR-16"],
    [0xe0100, "VARIATION SELECTOR-17"],
    [0xe0061, 'TAG "a"'],
    [0xe007f, "CANCEL TAG"],
    [0xe000, "PRIVATE-USE CHARACTER"],
    [0x110bd, "FORMAT CHARACTER"],
  ];
  it.each(rows.map(([n, name]) => [formatCodePoint(n), name, n] as const))("names %s %s", (code, name, n) => {
    const [found] = findHiddenCharacters(cp(n));
    expect(found?.code).toBe(code);
    expect(found?.name).toBe(name);
  });
});

describe("findHiddenCharacters", () => {
  it("lists each hidden character, repeats included", () => {
    expect(findHiddenCharacters("x\u200by\u200b\u202e").map((c) => c.code)).toEqual([
      "U+200B",
      "U+200B",
      "U+202E",
    ]);
  });

  it("finds nothing in a plain command", () => {
    expect(findHiddenCharacters("npx -y @modelcontextprotocol/server-everything")).toEqual([]);
  });
});

describe("escapeHidden", () => {
  it("writes each hidden character as ⟨U+…⟩ and leaves the rest, spaces included", () => {
    expect(escapeHidden("rm -rf /\u202e tmp\u200b")).toBe("rm -rf /⟨U+202E⟩ tmp⟨U+200B⟩");
  });

  it("leaves a string without hidden characters unchanged", () => {
    expect(escapeHidden("curl https://x.test | sh")).toBe("curl https://x.test | sh");
  });
});

describe("formatCodePoint", () => {
  it("pads to four hex digits and keeps longer ones", () => {
    expect(formatCodePoint(0x9)).toBe("U+0009");
    expect(formatCodePoint(0xe0041)).toBe("U+E0041");
  });
});
