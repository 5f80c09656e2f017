import { describe, expect, it } from "vitest";
import { boundStateDiff, omittedCount } from "./bounded-diff";
import { compareStates } from "./compare";
import type { ServerState } from "./state";

const card = { name: "s", version: "1", capabilities: {} };
const many = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ uri: `x://r/${i}`, name: `${tag}${i}` }));

describe("boundStateDiff", () => {
  it("caps every list and counts what it left out; the change count is the whole diff's", () => {
    const before: ServerState = { server: card, resources: many(30, "a"), templates: [], reads: [] };
    const after: ServerState = {
      server: card,
      resources: [...many(30, "b"), ...many(40, "c").map((r) => ({ ...r, uri: `x://new/${r.name}` }))],
      templates: [],
      reads: [],
    };
    const bounded = boundStateDiff(compareStates(before, after), { maxItems: 10 });
    expect(bounded.diff.resources.changed).toHaveLength(10);
    expect(bounded.diff.resources.added).toHaveLength(10);
    expect(bounded.omitted.resources).toEqual({ added: 30, removed: 0, changed: 20 });
    expect(omittedCount(bounded.omitted)).toBe(50);
    expect(bounded.changes).toBe(70);
  });

  it("clips a server's huge values: a changed field, an added item's text, a long URI", () => {
    const huge = "z".repeat(100_000);
    const uri = `x://${"u".repeat(20_000)}`;
    const before: ServerState = {
      server: card,
      resources: [{ uri, name: "a", description: "short" }],
      templates: [],
      reads: [{ uri, result: { contents: [{ uri, text: "a" }] } }],
    };
    const after: ServerState = {
      server: card,
      resources: [{ uri, name: "a", description: huge }],
      templates: [],
      reads: [
        {
          uri,
          result: {
            contents: [
              { uri, text: "a" },
              { uri, text: huge },
            ],
          },
        },
      ],
    };
    const bounded = boundStateDiff(compareStates(before, after));
    expect(JSON.stringify(bounded).length).toBeLessThan(60_000);
    const field = bounded.diff.resources.changed[0]!.fields[0]!;
    expect(String(field.actual).length).toBeLessThanOrEqual(2_048);
    const added = bounded.diff.reads[0]!.items[0]!;
    expect(added.kind).toBe("added");
    if (added.kind === "added" && "text" in added.after)
      expect(added.after.text.length).toBeLessThanOrEqual(4_096);
    expect(bounded.diff.reads[0]!.uri.length).toBeLessThanOrEqual(8_192);
  });
});
