import { describe, expect, it } from "vitest";
import { SseParser } from "./sse-parser";

describe("SseParser", () => {
  it("parses events split across arbitrary chunk boundaries", () => {
    const text = 'id: 1\nevent: session\ndata: {"a":1}\n\n: heartbeat\n\nevent: hello\ndata: x\ndata: y\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const p = new SseParser();
      const got = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))];
      expect(got).toEqual([
        { event: "session", data: '{"a":1}', id: "1" },
        { event: "hello", data: "x\ny", id: "1" },
      ]);
    }
  });

  it("accepts CRLF and CR line endings and defaults the event name to message", () => {
    const p = new SseParser();
    expect(p.push("data: a\r\n\r\ndata: b\r\rdata: c\n\n")).toEqual([
      { event: "message", data: "a" },
      { event: "message", data: "b" },
      { event: "message", data: "c" },
    ]);
  });

  it("ignores comments and a block without data", () => {
    const p = new SseParser();
    expect(p.push(": only a comment\n\nevent: x\n\n")).toEqual([]);
  });
});

describe("SseParser with a CRLF split across chunks", () => {
  it("does not end the event early", () => {
    const p = new SseParser();
    expect([...p.push("data: a\r"), ...p.push("\ndata: b\r\n\r\n")]).toEqual([
      { event: "message", data: "a\nb" },
    ]);
  });
});
