import { describe, expect, it } from "vitest";
import { LineBuffer } from "./line-buffer";

const b = (s: string) => Buffer.from(s, "utf8");

describe("LineBuffer", () => {
  it("returns each complete line once, across and within chunks", () => {
    const lines = new LineBuffer(1024);
    expect(lines.push(b('{"a":'))).toEqual([]);
    expect(lines.size).toBe(5);
    expect(lines.push(b('1}\n{"b":2}\n{"c"'))).toEqual(['{"a":1}', '{"b":2}']);
    expect(lines.push(b(":3}\n"))).toEqual(['{"c":3}']);
    expect(lines.size).toBe(0);
  });

  it("strips a CRLF ending and keeps empty lines as empty strings", () => {
    const lines = new LineBuffer(1024);
    expect(lines.push(b("one\r\n\ntwo\r"))).toEqual(["one", ""]);
    expect(lines.push(b("\n"))).toEqual(["two"]);
  });

  it("does not split a multi-byte character cut between chunks", () => {
    const lines = new LineBuffer(1024);
    const bytes = b("日本語\n");
    expect(lines.push(bytes.subarray(0, 4))).toEqual([]);
    expect(lines.push(bytes.subarray(4))).toEqual(["日本語"]);
  });

  it("decodes a line cut at every byte exactly as one chunk would, and says when it is not UTF-8", () => {
    const valid = b('{"t":"ü€𝄞 日本語"}\r\n');
    const invalid = Buffer.concat([b('{"t":"a'), Buffer.from([0xff, 0xe2, 0x82]), b('b"}\n')]);
    for (const bytes of [valid, invalid]) {
      const once = new LineBuffer(1024).pushLines(bytes);
      for (let cut = 1; cut < bytes.length; cut++) {
        const lines = new LineBuffer(1024);
        const got = [...lines.pushLines(bytes.subarray(0, cut)), ...lines.pushLines(bytes.subarray(cut))];
        expect(got, `cut at ${cut}`).toEqual(once);
        expect(lines.size).toBe(0);
      }
    }
    expect(new LineBuffer(1024).pushLines(valid)).toEqual([{ text: '{"t":"ü€𝄞 日本語"}', utf8: true }]);
    const [bad] = new LineBuffer(1024).pushLines(invalid);
    expect(bad!.utf8).toBe(false);
    expect(bad!.text).toContain("\uFFFD");
  });

  it("a line after a cut line starts clean (no bytes, decoder state or flag carried over)", () => {
    const lines = new LineBuffer(1024);
    expect(lines.pushLines(Buffer.concat([b("x"), Buffer.from([0xe2])]))).toEqual([]);
    expect(lines.pushLines(b("\nok"))[0]!.utf8).toBe(false);
    expect(lines.pushLines(b("é\n"))).toEqual([{ text: "oké", utf8: true }]);
  });

  it("joins a 10 MB line sent in 64 KB chunks byte for byte", () => {
    const text = "x".repeat(10 * 1024 * 1024 - 3) + "end";
    const all = b(`${text}\n`);
    const lines = new LineBuffer(64 * 1024 * 1024);
    const out: string[] = [];
    for (let i = 0; i < all.length; i += 65_536) out.push(...lines.push(all.subarray(i, i + 65_536)));
    expect(out).toHaveLength(1);
    expect(out[0]!.length).toBe(text.length);
    expect(out[0]!.endsWith("xend")).toBe(true);
  });

  it("drops a line past the limit, keeping its length and ends, and the next line is whole", () => {
    const lines = new LineBuffer(10);
    expect(lines.pushLines(b("12345"))).toEqual([]);
    expect(lines.pushLines(b("678901"))).toEqual([]);
    expect(lines.size).toBe(0);
    expect(lines.pushLines(b("23\nok\n"))).toEqual([
      { text: "", utf8: true, dropped: { bytes: 13, head: "1234567890123", tail: "1234567890123" } },
      { text: "ok", utf8: true },
    ]);
    // A complete line over the limit inside one chunk is dropped too.
    const [big, next] = lines.pushLines(b("0123456789AB\nfine\n"));
    expect(big!.dropped?.bytes).toBe(12);
    expect(next).toEqual({ text: "fine", utf8: true });
  });

  it("keeps 512 bytes of each end of a 70 MB line sent in 64 KB chunks, and nothing else", () => {
    const lines = new LineBuffer(64 * 1024 * 1024);
    const head = `{"jsonrpc":"2.0","id":7,"result":{"contents":[{"text":"`;
    const body = Buffer.alloc(70 * 1024 * 1024, 0x78);
    const all = Buffer.concat([b(head), body, b(`"}]},"id":7}\n{"jsonrpc":"2.0","id":8,"result":{}}\n`)]);
    const out = [];
    for (let i = 0; i < all.length; i += 65_536) out.push(...lines.pushLines(all.subarray(i, i + 65_536)));
    expect(out).toHaveLength(2);
    expect(out[0]!.dropped!.bytes).toBe(head.length + body.length + 12);
    expect(out[0]!.dropped!.head.startsWith(head)).toBe(true);
    expect(out[0]!.dropped!.head.length).toBe(512);
    expect(out[0]!.dropped!.tail.endsWith(`"}]},"id":7}`)).toBe(true);
    expect(out[0]!.dropped!.tail.length).toBe(512);
    expect(out[1]!.text).toBe('{"jsonrpc":"2.0","id":8,"result":{}}');
  });
});
