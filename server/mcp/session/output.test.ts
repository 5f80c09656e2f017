import { describe, expect, it, vi } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { InspectorEvent } from "@/lib/api/events";
import { SessionOutput, type SessionOperation, type TrafficOperation } from "./output";

const message = (id: number): JSONRPCMessage => ({ jsonrpc: "2.0", id, method: "ping" });

describe("SessionOutput", () => {
  it("emit goes to the bus and to observers; tell only to observers; an observer's bug harms no one", () => {
    const bus: InspectorEvent[] = [];
    const output = new SessionOutput("s1", (e) => bus.push(e));
    const heard: SessionOperation[] = [];
    output.observe(() => {
      throw new Error("observer bug");
    });
    const stop = output.observe((o) => heard.push(o));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    output.emit({ type: "watches", sessionId: "s1", uris: ["a"] });
    output.tell({ type: "watch", uri: "a" });
    consoleError.mockRestore();
    expect(bus.map((e) => e.type)).toEqual(["watches"]);
    expect(heard.map((o) => o.type)).toEqual(["event", "watch"]);
    stop();
    output.tell({ type: "unwatch", uri: "a" });
    expect(heard).toHaveLength(2);
  });

  it("raw traffic reaches only traffic observers, in order, with its log entry; tabs get batched summaries", async () => {
    const bus: InspectorEvent[] = [];
    const output = new SessionOutput("s1", (e) => bus.push(e));
    const plain: SessionOperation[] = [];
    const raw: (SessionOperation | TrafficOperation)[] = [];
    output.observe((o) => plain.push(o));
    output.observeTraffic((o) => raw.push(o));
    output.heard("out", message(1), JSON.stringify(message(1)));
    output.heard("in", message(2), JSON.stringify(message(2)));
    output.strayLine("not json");
    expect(raw.map((o) => o.type)).toEqual(["traffic", "traffic", "stray-line"]);
    expect(raw[1]).toMatchObject({ type: "traffic", direction: "in", entry: { seq: 2, rpcId: 2 } });
    expect(plain).toEqual([]);
    await vi.waitFor(() => expect(bus.some((e) => e.type === "traffic")).toBe(true));
    const traffic = bus.find((e) => e.type === "traffic");
    expect(traffic?.type === "traffic" && traffic.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(output.traffic.all().entries).toHaveLength(2);
  });

  it("notes are stderr lines, batched into one event, and sent at once when flushed", () => {
    const bus: InspectorEvent[] = [];
    const output = new SessionOutput("s1", (e) => bus.push(e));
    output.note("[inspector] one\n[inspector] two\n");
    expect(bus).toEqual([]);
    output.flushStderr();
    expect(bus).toEqual([{ type: "stderr", sessionId: "s1", lines: ["[inspector] one", "[inspector] two"] }]);
    expect(output.stderr.tail()).toEqual(["[inspector] one", "[inspector] two"]);
  });
});
