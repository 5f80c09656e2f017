import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { summarize, TrafficLog } from "./traffic-log";

const request = (id: number | string, method: string): JSONRPCMessage => ({ jsonrpc: "2.0", id, method });
const response = (id: number | string): JSONRPCMessage => ({ jsonrpc: "2.0", id, result: {} });

afterEach(() => vi.useRealTimers());

describe("TrafficLog", () => {
  it("classifies requests, notifications, responses and errors, numbering entries in order", () => {
    const log = new TrafficLog();
    log.record("out", request(1, "resources/list"));
    log.record("in", { jsonrpc: "2.0", method: "notifications/resources/list_changed" });
    log.record("in", response(1));
    log.record("in", { jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found" } });
    const { entries } = log.all();
    expect(entries.map((e) => [e.seq, e.direction, e.kind, e.method])).toEqual([
      [1, "out", "request", "resources/list"],
      [2, "in", "notification", "notifications/resources/list_changed"],
      [3, "in", "response", "resources/list"],
      [4, "in", "error", undefined],
    ]);
    expect(entries[0]).toMatchObject({ rpcId: 1, truncated: false });
  });

  it("gives a response its request's method and latency", () => {
    vi.useFakeTimers();
    const log = new TrafficLog();
    log.record("out", request(7, "resources/read"));
    vi.advanceTimersByTime(42);
    const answer = log.record("in", response(7));
    expect(answer).toMatchObject({ method: "resources/read", latencyMs: 42, rpcId: 7 });
  });

  it("marks the answer to a request we cancelled as late, and only that one", () => {
    const log = new TrafficLog();
    log.record("out", request(3, "resources/read"));
    log.record("out", request(4, "resources/read"));
    log.record("out", {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 3, reason: "Cancelled by the user" },
    });
    const late = log.record("in", response(3));
    const onTime = log.record("in", response(4));
    expect(late).toMatchObject({ method: "resources/read", late: true });
    expect(onTime.late).toBeUndefined();
  });

  it("keeps our request ids apart from the server's, and 1 apart from '1'", () => {
    const log = new TrafficLog();
    log.record("out", request(1, "resources/read"));
    log.record("in", request(1, "roots/list")); // the server asks us something, same id
    log.record("out", request("1", "tools/list"));
    expect(log.record("out", response(1)).method).toBe("roots/list");
    expect(log.record("in", response("1")).method).toBe("tools/list");
    expect(log.record("in", response(1)).method).toBe("resources/read");
    // A response nobody asked for has no method and no latency.
    const stray = log.record("in", response(99));
    expect(stray.method).toBeUndefined();
    expect(stray.latencyMs).toBeUndefined();
  });

  it("keeps a message over 16 KB as a preview string with its true size", () => {
    const log = new TrafficLog();
    const big: JSONRPCMessage = { jsonrpc: "2.0", id: 1, result: { text: "é".repeat(20_000) } };
    const json = JSON.stringify(big);
    const entry = log.record("in", big, json);
    expect(entry.truncated).toBe(true);
    expect(entry.bytes).toBe(Buffer.byteLength(json));
    expect(typeof entry.message).toBe("string");
    expect(entry.message as string).toBe(`${json.slice(0, 16 * 1024)}…`);
    const small = log.record("in", response(2));
    expect(small.message).toEqual(response(2));
  });

  it("is bounded: the oldest entries go and are counted", () => {
    const log = new TrafficLog(2);
    for (let i = 1; i <= 3; i++) log.record("in", { jsonrpc: "2.0", method: `n/${i}` });
    const { entries, dropped } = log.all();
    expect(entries.map((e) => e.method)).toEqual(["n/2", "n/3"]);
    expect(dropped).toBe(1);
  });

  it("summarize() drops the message body: events carry sizes and ids, never contents", () => {
    const entry = new TrafficLog().record("out", request(3, "resources/read"));
    const summary = summarize(entry);
    expect(summary).not.toHaveProperty("message");
    expect(summary).not.toHaveProperty("truncated");
    expect(summary).toMatchObject({
      seq: 1,
      direction: "out",
      kind: "request",
      method: "resources/read",
      rpcId: 3,
    });
  });
});
