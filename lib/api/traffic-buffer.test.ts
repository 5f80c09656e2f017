import { describe, expect, it } from "vitest";
import type { TrafficEntryInfo } from "./contract";
import type { TrafficSummary } from "./events";
import { appendTraffic, mergeTrafficSnapshot, messageText, trafficMatches } from "./traffic-buffer";

const summary = (seq: number, method = "resources/read"): TrafficSummary => ({
  seq,
  at: seq,
  direction: "out",
  kind: "request",
  method,
  rpcId: seq,
  bytes: 10,
});
const full = (seq: number, method = "resources/read"): TrafficEntryInfo => ({
  ...summary(seq, method),
  message: { jsonrpc: "2.0", id: seq, method, params: { uri: `demo://${seq}` } },
  truncated: false,
});
const seqs = (entries: { seq: number }[]) => entries.map((e) => e.seq);

describe("appendTraffic", () => {
  it("does nothing until a snapshot is held", () => {
    expect(appendTraffic(undefined, [summary(1)])).toBeUndefined();
  });

  it("appends only what is newer than the newest held entry, and stays bounded", () => {
    const held = { entries: [full(1), full(2)], dropped: 0 };
    const next = appendTraffic(held, [summary(2), summary(3), summary(4)], 3);
    expect(seqs(next!.entries)).toEqual([2, 3, 4]);
    expect(next!.dropped).toBe(1);
    expect(appendTraffic(held, [summary(1)])).toBe(held);
  });
});

describe("mergeTrafficSnapshot", () => {
  it("keeps older held entries, takes full entries from the snapshot, keeps newer stream entries", () => {
    const held = { entries: [summary(1), summary(2), summary(3), summary(6)], dropped: 0 };
    const merged = mergeTrafficSnapshot(held, { entries: [full(2), full(3), full(4), full(5)], dropped: 1 });
    expect(seqs(merged.entries)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(merged.entries[1]?.message).toBeDefined();
    expect(merged.entries[5]?.message).toBeUndefined();
    expect(merged.dropped).toBe(0);
  });

  it("starts from the snapshot when nothing is held", () => {
    const merged = mergeTrafficSnapshot(undefined, { entries: [full(5)], dropped: 4 });
    expect(seqs(merged.entries)).toEqual([5]);
    expect(merged.dropped).toBe(4);
  });
});

describe("trafficMatches", () => {
  it("matches method, kind, id and the message text, case-insensitively", () => {
    expect(trafficMatches(full(7, "resources/list"), "LIST")).toBe(true);
    expect(trafficMatches(full(7), "request")).toBe(true);
    expect(trafficMatches(full(7), "demo://7")).toBe(true);
    expect(trafficMatches(summary(7), "demo://7")).toBe(false);
    expect(trafficMatches(full(7), "")).toBe(true);
  });

  it("serializes a message once", () => {
    const entry = full(1);
    expect(messageText(entry)).toBe(messageText(entry));
    expect(messageText(summary(1))).toBe("");
  });
});
