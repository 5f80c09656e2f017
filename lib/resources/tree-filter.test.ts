import { describe, expect, it } from "vitest";
import type { Resource } from "../api/contract";
import { buildFilterIndex, filterTree, folderIds, matchResources, sortTree } from "./tree-filter";
import { buildResourceTree, type TreeFolder, type TreeNode } from "./uri-tree";

const r = (uri: string, name: string, extra: Partial<Resource> = {}): Resource => ({ uri, name, ...extra });

const RESOURCES: Resource[] = [
  r("demo://docs/guides/getting-started.md", "getting-started.md", { title: "Getting started", size: 900 }),
  r("demo://docs/guides/advanced/config.json", "config.json", { title: "Advanced configuration", size: 120 }),
  r("demo://docs/reference/api.txt", "api.txt", { size: 4000 }),
  r("demo://images/logo.png", "logo.png", { size: 2000 }),
  r("demo://images/badge.svg", "badge.svg"),
  r("file:///srv/app/README.md", "README.md", { size: 50 }),
];

/** Labels of the tree, depth-first, indented by level. */
function outline(nodes: readonly TreeNode[], depth = 0): string[] {
  return nodes.flatMap((n) => [
    `${"  ".repeat(depth)}${n.label}${n.kind === "folder" ? ` (${n.count})` : ""}`,
    ...(n.kind === "folder" ? outline(n.children, depth + 1) : []),
  ]);
}

describe("matchResources", () => {
  const index = buildFilterIndex(RESOURCES);

  it("matches name, title and URI by case-insensitive substring", () => {
    expect(matchResources(index, "LOGO")?.uris).toEqual(new Set(["demo://images/logo.png"]));
    expect(matchResources(index, "advanced conf")?.uris).toEqual(
      new Set(["demo://docs/guides/advanced/config.json"]),
    );
    expect(matchResources(index, "srv/app")?.uris).toEqual(new Set(["file:///srv/app/README.md"]));
    expect(matchResources(index, "guides")).toEqual({
      uris: new Set(["demo://docs/guides/getting-started.md", "demo://docs/guides/advanced/config.json"]),
      fuzzy: false,
    });
  });

  it("falls back to fuzzy matching of names and titles when nothing contains the query", () => {
    expect(matchResources(index, "cfgjson")).toEqual({
      uris: new Set(["demo://docs/guides/advanced/config.json"]),
      fuzzy: true,
    });
    expect(matchResources(index, "getstarted")?.uris).toEqual(
      new Set(["demo://docs/guides/getting-started.md"]),
    );
    expect(matchResources(index, "qqqzz")).toEqual({ uris: new Set(), fuzzy: false });
  });

  it("is no filter at all for a blank query", () => {
    expect(matchResources(index, "   ")).toBeNull();
  });

  // Speed at this size is measured by `npm run bench -- scale` (filter keystroke), not here.
  it("at 10,000 resources: exact substring counts, fuzzy only when nothing contains the query", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      r(`demo://items/group-${Math.ceil((i + 1) / 10)}/item-${i + 1}`, `item-${i + 1}`),
    );
    const big = buildFilterIndex(many);
    const tree = buildResourceTree(many);
    expect(matchResources(big, "item-")?.uris.size).toBe(10_000);
    // item-12, item-120..129, item-1200..1299: 1 + 10 + 100.
    const some = matchResources(big, "item-12")!;
    expect(some).toMatchObject({ fuzzy: false });
    expect(some.uris.size).toBe(111);
    const shown = filterTree(tree, some.uris);
    expect(shown.reduce((n, node) => n + (node.kind === "folder" ? node.count : 1), 0)).toBe(111);
    const typo = matchResources(big, "itm-12")!;
    expect(typo.fuzzy).toBe(true);
    expect(typo.uris.size).toBeGreaterThan(0);
  });
});

describe("filterTree", () => {
  const tree = buildResourceTree(RESOURCES);

  it("keeps matched resources with their folders and labels, and recounts", () => {
    const { uris } = matchResources(buildFilterIndex(RESOURCES), "guides")!;
    expect(outline(filterTree(tree, uris))).toEqual([
      "demo: (2)",
      "  docs (2)",
      "    guides (2)",
      "      advanced (1)",
      "        Advanced configuration",
      "      Getting started",
    ]);
  });

  it("keeps folder ids so expansion state survives filtering", () => {
    const filtered = filterTree(tree, new Set(["demo://images/logo.png"]));
    expect(folderIds(filtered).every((id) => folderIds(tree).includes(id))).toBe(true);
  });

  it("is empty when nothing matches", () => {
    expect(filterTree(tree, new Set())).toEqual([]);
  });
});

describe("sortTree", () => {
  const tree = buildResourceTree(RESOURCES);
  const images = (t: readonly TreeNode[]) =>
    ((t[0] as TreeFolder).children.find((n) => n.label === "images") as TreeFolder).children.map(
      (n) => n.label,
    );

  it("keeps the tree's name order for 'name'", () => {
    expect(sortTree(tree, "name")).toBe(tree);
    expect(images(tree)).toEqual(["badge.svg", "logo.png"]);
  });

  it("puts the largest first for 'size', unknown sizes last, folders first", () => {
    const sorted = sortTree(tree, "size");
    expect(images(sorted)).toEqual(["logo.png", "badge.svg"]);
    const docs = (sorted[0] as TreeFolder).children.find((n) => n.label === "docs") as TreeFolder;
    expect(docs.children.map((n) => n.kind)).toEqual(["folder", "folder"]);
  });

  it("orders by URI code point for 'uri'", () => {
    const sorted = sortTree(buildResourceTree([r("demo://x/b", "A"), r("demo://x/a", "Z")]), "uri");
    expect((sorted[0] as TreeFolder).children.map((n) => n.id)).toEqual(["demo://x/a", "demo://x/b"]);
  });
});
