import { describe, expect, it } from "vitest";
import {
  captureBodySchema,
  captureFileName,
  captureProgressText,
  MAX_CAPTURE_BYTES,
} from "./capture-request";

const at = new Date("2026-01-02T03:04:05.678Z");

describe("captureFileName", () => {
  it("is the server's name and the time, safe for every file system and a quoted header", () => {
    expect(captureFileName("demo server", at)).toBe("demo-server-2026-01-02T03-04-05Z.mcpcapture.json.gz");
    for (const hostile of [
      'a"b\r\nX-Evil: 1',
      "../../etc/passwd",
      "\u202eexe.gz",
      "C:\\x\\y",
      "名前",
      "...",
      "",
    ]) {
      const name = captureFileName(hostile, at);
      expect(name, hostile).toMatch(
        /^[A-Za-z0-9][A-Za-z0-9._-]*-2026-01-02T03-04-05Z\.mcpcapture\.json\.gz$/,
      );
      expect(name).not.toMatch(/\.\.|\/|\\/);
    }
    expect(captureFileName("名前", at)).toBe("server-2026-01-02T03-04-05Z.mcpcapture.json.gz");
  });

  it("keeps at most 60 characters of a long name", () => {
    const name = captureFileName("x".repeat(10_000), at);
    expect(name).toBe(`${"x".repeat(60)}-2026-01-02T03-04-05Z.mcpcapture.json.gz`);
  });
});

describe("captureBodySchema", () => {
  it("takes all and a whole byte budget up to 1 GB, nothing else", () => {
    expect(captureBodySchema.parse({})).toEqual({});
    expect(captureBodySchema.parse({ all: true, maxBytes: MAX_CAPTURE_BYTES })).toEqual({
      all: true,
      maxBytes: MAX_CAPTURE_BYTES,
    });
    for (const bad of [
      { maxBytes: MAX_CAPTURE_BYTES + 1 },
      { maxBytes: -1 },
      { maxBytes: 0.5 },
      { other: 1 },
    ])
      expect(captureBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("captureProgressText", () => {
  it("names the step", () => {
    expect(captureProgressText({ phase: "lists", done: 0, total: 2 })).toBe("listing resources");
    expect(captureProgressText({ phase: "lists", done: 1, total: 2 })).toBe("listing templates");
    expect(captureProgressText({ phase: "reads", done: 3, total: 40 })).toBe("reading 3 of 40");
  });
});
