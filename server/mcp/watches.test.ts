import { describe, expect, it } from "vitest";
import type { ReadResponse } from "@/lib/api/contract";
import { Watch, type WatchVersion } from "./watches";

const text = (t: string): ReadResponse => ({
  contents: [{ uri: "demo://w", mimeType: "text/plain", text: t }],
});

/** A Watch whose re-reads the test answers by hand, one at a time. */
function manual(keep?: number) {
  const reads: ((r: ReadResponse) => void)[] = [];
  const versions: { v: WatchVersion; changed: boolean }[] = [];
  const errors: unknown[] = [];
  let fail: Error | null = null;
  const watch = new Watch(
    "demo://w",
    () =>
      fail
        ? Promise.reject(fail)
        : new Promise<ReadResponse>((resolve) => {
            reads.push(resolve);
          }),
    (v, changed) => versions.push({ v, changed }),
    (err) => errors.push(err),
    keep,
  );
  const answer = async (r: ReadResponse) => {
    while (reads.length === 0) await new Promise((r) => setTimeout(r, 1));
    reads.shift()!(r);
    await new Promise((r) => setTimeout(r, 1));
  };
  return { watch, reads, versions, errors, answer, failWith: (e: Error) => (fail = e) };
}

describe("Watch", () => {
  it("numbers versions from 1 and keeps an identical read as the same version", () => {
    const { watch } = manual();
    const v1 = watch.add(text("a"));
    expect(v1.version).toBe(1);
    expect(watch.add(text("a"))).toBe(v1);
    const v2 = watch.add(text("b"));
    expect(v2.version).toBe(2);
    expect(v2.digests).toEqual([
      expect.objectContaining({ uri: "demo://w", mimeType: "text/plain", bytes: 1, isBlob: false }),
    ]);
    expect(watch.latest()).toBe(v2);
    expect(watch.get(1)).toBe(v1);
  });

  it("digests blobs by their decoded bytes", () => {
    const { watch } = manual();
    const v = watch.add({ contents: [{ uri: "demo://w", blob: Buffer.from([1, 2, 3]).toString("base64") }] });
    expect(v.digests[0]).toMatchObject({ bytes: 3, isBlob: true });
    expect(v.digests[0]).not.toHaveProperty("mimeType");
  });

  it("keeps the last `keep` versions; older ones are gone by number", () => {
    const { watch } = manual(2);
    for (const t of ["a", "b", "c"]) watch.add(text(t));
    expect(watch.list().map((v) => v.version)).toEqual([2, 3]);
    expect(watch.get(1)).toBeUndefined();
    expect(watch.info().versions.map((v) => v.version)).toEqual([2, 3]);
  });

  it("a storm of updates costs one read in flight and one more after it", async () => {
    const { watch, reads, versions, answer } = manual();
    watch.add(text("a"));
    watch.updated();
    watch.updated();
    watch.updated();
    expect(reads).toHaveLength(1);
    await answer(text("b"));
    await answer(text("c"));
    await watch.settled();
    expect(reads).toHaveLength(0);
    expect(versions.map(({ v, changed }) => [v.version, changed])).toEqual([
      [2, true],
      [3, true],
    ]);
    expect(watch.info()).toMatchObject({ uri: "demo://w", updates: 3 });
    expect(watch.info().lastUpdateAt).not.toBeNull();
  });

  it("an update whose bytes did not change is reported as unchanged", async () => {
    const { watch, versions, answer } = manual();
    watch.add(text("a"));
    watch.updated();
    await answer(text("a"));
    await watch.settled();
    expect(versions).toEqual([
      { v: expect.objectContaining({ version: 1 }) as WatchVersion, changed: false },
    ]);
  });

  it("a failed re-read goes to onError and the watch keeps working", async () => {
    const { watch, errors, versions, failWith } = manual();
    watch.add(text("a"));
    failWith(new Error("read failed"));
    watch.updated();
    await watch.settled();
    expect(errors).toEqual([new Error("read failed")]);
    expect(versions).toEqual([]);
    expect(watch.latest()?.version).toBe(1);
  });
});
