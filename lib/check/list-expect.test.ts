import { describe, expect, it } from "vitest";
import { listProblems } from "./list-expect";
import { stepSchema } from "./schema";

const step = (extra: object) =>
  stepSchema.parse({ id: "l", action: "expectListChanged", withinMs: 1000, ...extra }) as Extract<
    ReturnType<typeof stepSchema.parse>,
    { action: "expectListChanged" }
  >;

describe("listProblems", () => {
  const shaped = step({ addedShape: { count: { min: 2 }, pattern: "f://added-\\d+" } });

  it("a shape counts what fits it among what was added since the baseline", () => {
    expect(
      listProblems(shaped, ["f://a", "f://added-1"], ["f://a", "f://added-1", "f://added-2"]),
    ).toHaveLength(1);
    expect(listProblems(shaped, ["f://a"], ["f://a", "f://added-1", "f://added-2"])).toEqual([]);
  });

  it("says what was added instead when nothing fits", () => {
    const [p] = listProblems(shaped, [], ["f://other-1", "f://other-2"]);
    expect(p?.message).toBe(
      "expected the list to have gained at least 2 URIs matching /f://added-\\d+/, it gained 0 (and f://other-1, f://other-2, which do not match)",
    );
  });

  it("pinned uris must be present (added) or absent (removed), whatever the baseline", () => {
    const pinned = step({ added: ["f://x"], removed: ["f://y"] });
    expect(listProblems(pinned, ["f://x"], ["f://x"])).toEqual([]);
    expect(listProblems(pinned, [], ["f://y"]).map((p) => p.message)).toEqual([
      "the list never held f://x",
      "the list still held f://y",
    ]);
  });

  it("an upper bound fails a listing that gained too many", () => {
    const bounded = step({ addedShape: { count: { min: 1, max: 1 }, pattern: "f://\\d+" } });
    expect(listProblems(bounded, [], ["f://1", "f://2"])[0]?.message).toContain(
      "gained exactly 1 URI matching /f://\\d+/, it gained 2",
    );
  });
});
