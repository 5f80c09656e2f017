import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { CoalescedInvalidator } from "./coalesced-invalidator";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

/** A query whose fetch takes `ms` and answers the server's state at the moment it starts. */
function setup(ms: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = { value: 0, fetches: 0 };
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the fake server's state is the point
  const observer = new QueryObserver(client, {
    queryKey: ["inspector", "x"],
    queryFn: async () => {
      server.fetches += 1;
      const value = server.value;
      await sleep(ms);
      return value;
    },
  });
  cleanup.push(observer.subscribe(() => undefined));
  const invalidator = new CoalescedInvalidator(client);
  cleanup.push(
    () => invalidator.dispose(),
    () => client.clear(),
  );
  return { client, server, invalidator };
}

describe("CoalescedInvalidator", () => {
  it("turns a storm of invalidations into back-to-back fetches that end on the final state", async () => {
    const { client, server, invalidator } = setup(30);
    await sleep(50);
    const before = server.fetches;
    for (let i = 1; i <= 100; i += 1) {
      server.value = i;
      invalidator.invalidate(["inspector", "x"]);
      await sleep(1);
    }
    await sleep(150);
    expect(client.getQueryData(["inspector", "x"])).toBe(100);
    // ~100+ ms of events with 30 ms fetches: a handful of fetches, not a hundred.
    expect(server.fetches - before).toBeLessThan(15);
  });

  it("spaces throttled runs", async () => {
    const { server, invalidator } = setup(1);
    await sleep(20);
    const before = server.fetches;
    for (let i = 0; i < 20; i += 1) {
      invalidator.invalidate(["inspector", "x"], 100);
      await sleep(10);
    }
    await sleep(150);
    const runs = server.fetches - before;
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(4);
  });
});

describe("CoalescedInvalidator, failed only", () => {
  it("refetches the queries under the key that failed or have nothing, and leaves the others", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetches = { ok: 0, broken: 0 };
    let breakIt = true;
    const ok = new QueryObserver(client, {
      queryKey: ["inspector", "s", "ok"],
      queryFn: () => ++fetches.ok,
      staleTime: 0,
    });
    const broken = new QueryObserver(client, {
      queryKey: ["inspector", "s", "broken"],
      queryFn: () => {
        fetches.broken += 1;
        if (breakIt) throw new Error("not connected yet");
        return "listed";
      },
    });
    const invalidator = new CoalescedInvalidator(client);
    cleanup.push(
      ok.subscribe(() => undefined),
      broken.subscribe(() => undefined),
      () => invalidator.dispose(),
      () => client.clear(),
    );
    await sleep(20);
    expect(fetches).toEqual({ ok: 1, broken: 1 });
    breakIt = false;
    invalidator.invalidate(["inspector", "s"], 0, true);
    await sleep(20);
    expect(fetches).toEqual({ ok: 1, broken: 2 });
    expect(client.getQueryData(["inspector", "s", "broken"])).toBe("listed");
    invalidator.invalidate(["inspector", "s"]);
    await sleep(20);
    expect(fetches).toEqual({ ok: 2, broken: 3 });
  });
});
