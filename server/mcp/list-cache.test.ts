import { describe, expect, it } from "vitest";
import { ListCache } from "./list-cache";
import type { PagedResult } from "./pagination";

interface Item {
  uri: string;
  name: string;
}

const listing = (...items: Item[]): PagedResult<Item> => ({
  items,
  pages: 1,
  warnings: [],
  received: [{ count: items.length }],
});
const item = (uri: string, name = uri): Item => ({ uri, name });

/** A cache whose walks the test finishes by hand. */
function manual() {
  const walks: { resolve: (r: PagedResult<Item>) => void; reject: (e: unknown) => void }[] = [];
  const cache = new ListCache<Item>(
    () => new Promise((resolve, reject) => walks.push({ resolve, reject })),
    (i) => i.uri,
  );
  return { cache, walks };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("ListCache", () => {
  it("the first walk adds everything; the next one diffs against it", async () => {
    const { cache, walks } = manual();
    const first = cache.refresh();
    walks[0]!.resolve(listing(item("a"), item("b")));
    expect((await first).diff).toEqual({ added: ["a", "b"], removed: [], changed: [] });
    const second = cache.refresh();
    walks[1]!.resolve(listing(item("b", "B"), item("c")));
    const w = await second;
    expect(w.changed).toBe(true);
    expect(w.diff).toEqual({ added: ["c"], removed: ["a"], changed: ["b"] });
    expect(cache.value?.items.map((i) => i.uri)).toEqual(["b", "c"]);
  });

  it("an identical listing is unchanged", async () => {
    const { cache, walks } = manual();
    const first = cache.refresh();
    walks[0]!.resolve(listing(item("a")));
    await first;
    const again = cache.refresh();
    walks[1]!.resolve(listing(item("a")));
    expect((await again).changed).toBe(false);
  });

  it("get(true) answers from the cache once there is one; get(false) always walks", async () => {
    const { cache, walks } = manual();
    const walked = cache.get(true);
    walks[0]!.resolve(listing(item("a")));
    expect((await walked).items).toHaveLength(1);
    expect((await cache.get(true)).items).toHaveLength(1);
    expect(walks).toHaveLength(1);
    const fresh = cache.get(false);
    expect(walks).toHaveLength(2);
    walks[1]!.resolve(listing());
    expect((await fresh).items).toEqual([]);
  });

  it("refreshes asked for during a walk collapse into exactly one more walk, after it", async () => {
    const { cache, walks } = manual();
    const first = cache.refresh();
    const queued = [cache.refresh(), cache.refresh(), cache.refresh()];
    expect(walks).toHaveLength(1); // never two walks of one list at once
    expect(queued[0]).toBe(queued[1]);
    expect(queued[1]).toBe(queued[2]);
    walks[0]!.resolve(listing(item("a")));
    await first;
    await tick();
    expect(walks).toHaveLength(2);
    walks[1]!.resolve(listing(item("a"), item("b")));
    expect((await queued[0]!).diff.added).toEqual(["b"]);
  });

  it("a failed walk fails its callers, keeps the old listing, and does not block the queued walk", async () => {
    const { cache, walks } = manual();
    const first = cache.refresh();
    walks[0]!.resolve(listing(item("a")));
    await first;
    const failing = cache.refresh();
    const queued = cache.refresh();
    walks[1]!.reject(new Error("list failed"));
    await expect(failing).rejects.toThrow("list failed");
    expect(cache.value?.items.map((i) => i.uri)).toEqual(["a"]);
    await tick();
    walks[2]!.resolve(listing(item("a")));
    expect((await queued).changed).toBe(false);
  });
});

describe("ListCache.prime", () => {
  it("the first get joins the walk prime started; later ones walk (or use the cache) as before", async () => {
    let walks = 0;
    const cache = new ListCache<{ uri: string }>(
      async () => {
        walks++;
        await new Promise((r) => setTimeout(r, 20));
        return { items: [{ uri: `a${walks}` }], pages: 1, warnings: [], received: [] };
      },
      (r) => r.uri,
    );
    cache.prime();
    expect(walks).toBe(1);
    expect((await cache.get(false)).items).toEqual([{ uri: "a1" }]);
    expect(walks).toBe(1);
    expect((await cache.get(false)).items).toEqual([{ uri: "a2" }]);
    expect(walks).toBe(2);
  });

  it("a primed walk that failed is walked again by the first get, which reports its own outcome", async () => {
    let walks = 0;
    const cache = new ListCache<{ uri: string }>(
      () => {
        walks++;
        return walks === 1
          ? Promise.reject(new Error("not yet"))
          : Promise.resolve({ items: [], pages: 1, warnings: [], received: [] });
      },
      (r) => r.uri,
    );
    cache.prime();
    await tick();
    expect((await cache.get(false)).items).toEqual([]);
    expect(walks).toBe(2);
  });

  it("a primed walk that fails while the first get waits for it is that get's failure: one walk, one timeout", async () => {
    const { cache, walks } = manual();
    cache.prime();
    const joined = cache.get(false);
    await tick();
    walks[0]!.reject(new Error("MCP error -32001: Request timed out"));
    await expect(joined).rejects.toThrow("Request timed out");
    expect(walks).toHaveLength(1);
  });
});

describe("ListCache.takePrimed (the connect answer's listing)", () => {
  it("takes a primed walk that ends within the budget; the next get walks anew", async () => {
    const { cache, walks } = manual();
    cache.prime();
    const taken = cache.takePrimed(1_000);
    walks[0]!.resolve(listing(item("a")));
    expect((await taken)?.items.map((i) => i.uri)).toEqual(["a"]);
    const next = cache.get(false);
    expect(walks).toHaveLength(2);
    walks[1]!.resolve(listing(item("a"), item("b")));
    expect((await next).items).toHaveLength(2);
  });

  it("leaves a slower walk for the first get to join: one walk, not two", async () => {
    const { cache, walks } = manual();
    cache.prime();
    expect(await cache.takePrimed(20)).toBeUndefined();
    const joined = cache.get(false);
    await tick();
    expect(walks).toHaveLength(1);
    walks[0]!.resolve(listing(item("a")));
    expect((await joined).items.map((i) => i.uri)).toEqual(["a"]);
  });

  it("leaves a failed walk for the first get, which walks again for its own answer", async () => {
    const { cache, walks } = manual();
    cache.prime();
    const taken = cache.takePrimed(1_000);
    walks[0]!.reject(new Error("boom"));
    expect(await taken).toBeUndefined();
    const again = cache.get(false);
    await tick();
    expect(walks).toHaveLength(2);
    walks[1]!.resolve(listing());
    expect((await again).items).toEqual([]);
  });

  it("answers undefined at once when nothing was primed", async () => {
    const { cache, walks } = manual();
    expect(await cache.takePrimed(1_000)).toBeUndefined();
    expect(walks).toHaveLength(0);
  });
});

it("a get that asks for a fresh walk does not join the primed one", async () => {
  let walks = 0;
  const cache = new ListCache<{ uri: string }>(
    () => {
      walks++;
      return Promise.resolve({ items: [{ uri: `a${walks}` }], pages: 1, warnings: [], received: [] });
    },
    (r) => r.uri,
  );
  cache.prime();
  expect((await cache.get(false, undefined, false)).items).toEqual([{ uri: "a2" }]);
  expect(walks).toBe(2);
});
