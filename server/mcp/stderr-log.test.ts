import { describe, expect, it } from "vitest";
import { StderrLog } from "./stderr-log";

describe("StderrLog", () => {
  it("splits chunks into lines (\\n and \\r\\n), keeping a partial line until its newline", () => {
    const log = new StderrLog();
    expect(log.write("one\r\ntw")).toEqual(["one"]);
    expect(log.all()).toEqual({ lines: ["one", "tw"], dropped: 0 });
    expect(log.write("o\nthree\n")).toEqual(["two", "three"]);
    expect(log.all()).toEqual({ lines: ["one", "two", "three"], dropped: 0 });
  });

  it("keeps the newest lines up to its capacity and counts the dropped ones", () => {
    const log = new StderrLog(2);
    log.write("a\nb\nc\n");
    expect(log.all()).toEqual({ lines: ["b", "c"], dropped: 1 });
    expect(log.tail(1)).toEqual(["c"]);
  });

  it("cuts a line over 8,192 characters, and does not hold an endless partial line", () => {
    const log = new StderrLog();
    const [long] = log.write(`${"x".repeat(10_000)}\n`);
    expect(long).toBe(`${"x".repeat(8_192 - "… (10,000 characters)".length)}… (10,000 characters)`);
    // No newline ever: once over the limit the partial line is emitted (cut) rather than grown.
    expect(log.write("y".repeat(9_000))).toHaveLength(1);
    expect(log.all().lines.at(-1)).toMatch(/^y{8172}… \(9,000 characters\)$/);
  });

  it("tail() defaults to the last 20 lines, the partial one included", () => {
    const log = new StderrLog();
    log.write(Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n"));
    const tail = log.tail();
    expect(tail).toHaveLength(20);
    expect(tail.at(-1)).toBe("line 29");
    expect(tail[0]).toBe("line 10");
  });
});
