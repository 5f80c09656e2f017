import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ReadLog } from "./read-log";

const text = (uri: string, body: string) => ({ contents: [{ uri, text: body }] });

describe("ReadLog", () => {
  it("keeps each URI's latest outcome, the last read last, errors with their code", () => {
    const log = new ReadLog();
    log.ok("a://1", text("a://1", "one"));
    log.failed("a://2", new McpError(-32002, "Resource not found"));
    log.ok("a://1", text("a://1", "one again"));
    expect(log.all().map((r) => r.uri)).toEqual(["a://2", "a://1"]);
    expect(log.get("a://1")!.result!.contents[0]).toMatchObject({ text: "one again" });
    expect(log.get("a://2")!.error).toEqual({
      code: -32002,
      message: expect.stringContaining("Resource not found") as unknown,
    });
  });

  it("drops the oldest past its character or entry budget, and never keeps one read over the whole budget", () => {
    const log = new ReadLog(100, 3);
    for (const n of [1, 2, 3, 4]) log.ok(`a://${n}`, text(`a://${n}`, "x"));
    expect(log.all().map((r) => r.uri)).toEqual(["a://2", "a://3", "a://4"]);
    log.ok("a://big", text("a://big", "y".repeat(60)));
    expect(log.all().map((r) => r.uri)).toEqual(["a://big"]);
    log.ok("a://big", text("a://big", "z".repeat(500)));
    // The stale outcome goes too: a log that kept it would say the server still answers "y…".
    expect(log.size).toBe(0);
  });

  it("remembers a read over its one-entry cap by its URI alone (a capture reads it again)", () => {
    const log = new ReadLog(1_000, 10, 100);
    log.ok("a://big", text("a://big", "b".repeat(200)));
    log.ok("a://small", text("a://small", "s"));
    expect(log.get("a://big")).toEqual({ uri: "a://big", at: expect.any(String) as unknown, large: true });
    expect(log.get("a://small")?.result).toBeDefined();
  });

  it("a URI named __proto__ is an entry like any other", () => {
    const log = new ReadLog();
    log.ok("__proto__", text("__proto__", "p"));
    expect(log.get("__proto__")?.uri).toBe("__proto__");
    expect(log.size).toBe(1);
  });
});
