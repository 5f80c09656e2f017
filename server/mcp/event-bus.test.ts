import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InspectorEvent } from "@/lib/api/events";
import { Batcher, EventBus } from "./event-bus";

const removed = (sessionId: string): InspectorEvent => ({ type: "session-removed", sessionId });

describe("EventBus", () => {
  it("fans every event out to every subscriber until it unsubscribes", () => {
    const bus = new EventBus();
    const a: InspectorEvent[] = [];
    const b: InspectorEvent[] = [];
    const stopA = bus.subscribe((e) => a.push(e));
    bus.subscribe((e) => b.push(e));
    bus.emit(removed("1"));
    stopA();
    bus.emit(removed("2"));
    expect(a).toEqual([removed("1")]);
    expect(b).toEqual([removed("1"), removed("2")]);
  });

  it("a throwing listener (a tab's broken stream) does not keep the event from the others", () => {
    const bus = new EventBus();
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const got: InspectorEvent[] = [];
    bus.subscribe(() => {
      throw new Error("stream closed");
    });
    bus.subscribe((e) => got.push(e));
    bus.emit(removed("1"));
    expect(got).toEqual([removed("1")]);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("counts clients and reports each change once (unsubscribing twice is one change)", () => {
    const bus = new EventBus();
    const counts: number[] = [];
    bus.onClientCount((n) => counts.push(n));
    const stop1 = bus.subscribe(() => undefined);
    const stop2 = bus.subscribe(() => undefined);
    expect(bus.clientCount).toBe(2);
    stop1();
    stop1();
    stop2();
    expect(counts).toEqual([1, 2, 1, 0]);
    expect(bus.clientCount).toBe(0);
  });
});

describe("Batcher", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("hands over everything pushed within one interval as one batch", () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number>(50, 100, (items) => batches.push(items));
    batcher.push(1);
    vi.advanceTimersByTime(30);
    batcher.push(2);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(batches).toEqual([[1, 2]]);
    batcher.push(3);
    vi.advanceTimersByTime(50);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it("keeps the newest maxItems and says how many it dropped", () => {
    const got: { items: number[]; dropped: number }[] = [];
    const batcher = new Batcher<number>(50, 3, (items, dropped) => got.push({ items, dropped }));
    for (let i = 1; i <= 5; i++) batcher.push(i);
    vi.advanceTimersByTime(50);
    batcher.push(6);
    vi.advanceTimersByTime(50);
    expect(got).toEqual([
      { items: [3, 4, 5], dropped: 2 },
      { items: [6], dropped: 0 },
    ]);
  });

  it("drain() flushes now and cancels the timer; an empty drain flushes nothing", () => {
    const batches: string[][] = [];
    const batcher = new Batcher<string>(50, 10, (items) => batches.push(items));
    batcher.drain();
    batcher.push("last line before exit");
    batcher.drain();
    vi.advanceTimersByTime(100);
    expect(batches).toEqual([["last line before exit"]]);
  });
});
