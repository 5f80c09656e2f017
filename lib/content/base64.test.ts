import { describe, expect, it } from "vitest";
import { base64ByteLength, base64Head, decodeBase64Lenient, isValidBase64 } from "./base64";

const nodeDecode = (s: string) => [...Buffer.from(s, "base64")];

describe("decodeBase64Lenient", () => {
  it("decodes valid base64 exactly", () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect([...decodeBase64Lenient(bytes.toString("base64"))]).toEqual([...bytes]);
    expect([...decodeBase64Lenient("aGk=")]).toEqual([104, 105]);
  });

  it("decodes invalid base64 the way Node's Buffer does (what the content route serves)", () => {
    for (const s of ["not*valid*base64!!", "aGVs bG8=\n", "a", "aGk=aGk=", "-_-_", "AAEC\u00e9AwQ"]) {
      expect([...decodeBase64Lenient(s)], s).toEqual(nodeDecode(s));
    }
  });

  it("stops after maxBytes", () => {
    expect(decodeBase64Lenient(Buffer.alloc(100, 7).toString("base64"), 5)).toEqual(
      new Uint8Array(5).fill(7),
    );
  });

  it("has a head long enough for the first bytes", () => {
    const b64 = Buffer.alloc(10_000, 1).toString("base64");
    expect(decodeBase64Lenient(base64Head(b64, 4096)).length).toBeGreaterThanOrEqual(4096);
  });
});

describe("base64ByteLength", () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 100, 1001])("gives the exact decoded length of %i bytes", (n) => {
    const bytes = Array.from({ length: n }, (_, i) => (i * 37) % 256);
    expect(base64ByteLength(Buffer.from(bytes).toString("base64"))).toBe(n);
  });

  it("counts unpadded base64 the way atob decodes it", () => {
    expect(base64ByteLength("YQ")).toBe(atob("YQ").length);
    expect(base64ByteLength("YWI")).toBe(atob("YWI").length);
  });

  it("ignores ASCII whitespace, as atob does", () => {
    const wrapped = "AAEC\nAwQF\r\nBgc=";
    expect(base64ByteLength(wrapped)).toBe(atob(wrapped).length);
  });
});

describe("isValidBase64", () => {
  it.each(["", "YQ==", "YQ", "YWI=", "YWJj", "YW Jj\n", "+/+/"])("accepts %j, as atob does", (s) => {
    expect(isValidBase64(s)).toBe(true);
    expect(() => atob(s)).not.toThrow();
  });

  it.each(["Y", "YWJjZ", "YQ=", "Y===", "YQ==YQ==", "=YWI", "YW-_", "YWJj!", "é"])(
    "rejects %j, as atob does",
    (s) => {
      expect(isValidBase64(s)).toBe(false);
      expect(() => atob(s)).toThrow();
    },
  );
});
