import { describe, expect, it } from "vitest";
import type { Resource, ResourceTemplate } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import type { PagedResult } from "../pagination";
import { SessionLists } from "./lists";
import { SessionOutput } from "./output";

const page = <T>(items: T[]): PagedResult<T> => ({
  items,
  pages: 1,
  warnings: [],
  received: [{ count: items.length }],
});
const resource = (uri: string): Resource => ({ uri, name: uri });
const template = (uriTemplate: string): ResourceTemplate => ({ uriTemplate, name: uriTemplate });

/** Lists over walkers the test changes; what they emitted and noted. */
function lists(fresh = false) {
  const bus: InspectorEvent[] = [];
  const output = new SessionOutput("s1", (e) => bus.push(e));
  const state = { resources: [resource("a")], templates: [template("t/{x}")], fail: false, walks: 0 };
  const walk =
    <T>(items: () => T[]) =>
    () => {
      state.walks++;
      return state.fail ? Promise.reject(new Error("list failed")) : Promise.resolve(page(items()));
    };
  const l = new SessionLists(
    "s1",
    output,
    { resources: walk(() => state.resources), templates: walk(() => state.templates) },
    { staysFresh: () => fresh, hasResources: () => true, closing: () => false },
  );
  return { l, bus, output, state };
}

describe("SessionLists", () => {
  it("one re-list policy: every reason walks both kinds and tells each change with its diff", async () => {
    for (const why of ["list_changed", "reconnect", "re-initialization", "restart"] as const) {
      const { l, bus, state } = lists();
      await l.listResources(false, {});
      await l.listTemplates(false, {});
      state.resources = [resource("a"), resource("b")];
      state.templates = [];
      await l.relist(why);
      expect(
        bus.map((e) => e.type),
        why,
      ).toEqual(["resources-changed", "templates-changed"]);
      expect(bus[0]).toMatchObject({ diff: { added: ["b"], removed: [], changed: [] }, undeclared: false });
      expect(bus[1]).toMatchObject({ diff: { added: [], removed: ["t/{x}"], changed: [] } });
    }
  });

  it("an unchanged re-list tells nothing, unless the list_changed was undeclared; a failure is a note", async () => {
    const { l, bus, output, state } = lists();
    await l.listResources(false, {});
    await l.listTemplates(false, {});
    await l.relist("reconnect");
    expect(bus).toEqual([]);
    await l.relist("list_changed", true);
    expect(bus.map((e) => e.type)).toEqual(["resources-changed", "templates-changed"]);
    state.fail = true;
    await l.relist("restart");
    expect(output.stderr.tail().filter((line) => line.includes("re-list after restart failed"))).toHaveLength(
      2,
    );
  });

  it("a listing that stays fresh is answered from the cache; a refresh walks; observers hear lists unless silent", async () => {
    const { l, output, state } = lists(true);
    const heard: string[] = [];
    output.observe((o) => o.type === "list" && heard.push(o.kind));
    await l.listResources(false, {});
    await l.listResources(false, {});
    expect(state.walks).toBe(1);
    await l.listResources(true, { silent: true });
    expect(state.walks).toBe(2);
    expect(heard).toEqual(["resources", "resources"]);
  });

  it("a connect's primed walks are the first listing, taken once", async () => {
    const { l, state } = lists();
    const primed = await l.primed(1_000);
    expect(primed?.resources.resources.map((r) => r.uri)).toEqual(["a"]);
    const first = await l.first();
    expect(first?.templates?.items).toHaveLength(1);
    expect(state.walks).toBe(2);
    expect(await l.first()).toBeUndefined();
  });
});
