import { describe, it, expect } from "vitest";
import type { Resource } from "../api/contract";
import { ancestorIds, buildResourceTree, displayName, type TreeFolder, type TreeNode } from "./uri-tree";

function res(uri: string, name?: string, title?: string): Resource {
  return { uri, name: name ?? uri.split("/").pop() ?? uri, ...(title === undefined ? {} : { title }) };
}

/** The tree as indented lines: folders as "[label] count", leaves as "label". */
function outline(nodes: TreeNode[], indent = ""): string[] {
  return nodes.flatMap((node) =>
    node.kind === "folder"
      ? [`${indent}[${node.label}] ${node.count}`, ...outline(node.children, `${indent}  `)]
      : [`${indent}${node.label}`],
  );
}

function allNodes(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => (n.kind === "folder" ? [n, ...allNodes(n.children)] : [n]));
}

function folder(nodes: TreeNode[], label: string): TreeFolder {
  const found = allNodes(nodes).find((n): n is TreeFolder => n.kind === "folder" && n.label === label);
  if (!found) throw new Error(`no folder ${label}`);
  return found;
}

describe("displayName", () => {
  it("prefers the title", () => {
    expect(displayName({ name: "n", title: "T" })).toBe("T");
  });

  it("falls back to the name when the title is missing or empty", () => {
    expect(displayName({ name: "n" })).toBe("n");
    expect(displayName({ name: "n", title: undefined })).toBe("n");
    expect(displayName({ name: "n", title: "" })).toBe("n");
  });
});

describe("buildResourceTree", () => {
  it("returns an empty tree for no resources", () => {
    expect(buildResourceTree([])).toEqual([]);
  });

  it("nests by scheme, authority and path segments", () => {
    const tree = buildResourceTree([
      res("demo://docs/a.md"),
      res("demo://img/b.png"),
      res("demo://docs/c.md"),
    ]);
    expect(outline(tree)).toEqual([
      "[demo:] 3",
      "  [docs] 2",
      "    a.md",
      "    c.md",
      "  [img] 1",
      "    b.png",
    ]);
  });

  it("collapses single-folder chains into one folder labelled like the URI prefix", () => {
    const tree = buildResourceTree([
      res("demo://docs/guides/intro/a.md"),
      res("demo://docs/guides/intro/b.md"),
      res("other://x/1"),
    ]);
    expect(outline(tree)).toEqual([
      "[demo://docs/guides/intro] 2",
      "  a.md",
      "  b.md",
      "[other://x] 1",
      "  1",
    ]);
  });

  it("collapses a chain below a branching folder with '/' between segments", () => {
    const tree = buildResourceTree([res("demo://docs/guides/a.md"), res("demo://img/x.png")]);
    expect(outline(tree)).toEqual(["[demo:] 2", "  [docs/guides] 1", "    a.md", "  [img] 1", "    x.png"]);
  });

  it("gives a collapsed folder the id of its deepest member", () => {
    const [only] = buildResourceTree([res("demo://docs/guides/a.md"), res("demo://docs/guides/b.md")]);
    expect(only).toMatchObject({
      kind: "folder",
      id: "folder demo://docs/guides",
      label: "demo://docs/guides",
    });
  });

  it("derives folder ids from the exact URI prefix and uses the uri as the leaf id", () => {
    const tree = buildResourceTree([res("demo://a/b%20c/x"), res("demo://a/d"), res("file:///f")]);
    expect(allNodes(tree).map((n) => n.id)).toEqual([
      "folder demo://a",
      "folder demo://a/b%20c",
      "demo://a/b%20c/x",
      "demo://a/d",
      "folder file:",
      "file:///f",
    ]);
  });

  it("keeps folder ids stable when unrelated resources are added", () => {
    const before = buildResourceTree([res("demo://a/b/x"), res("demo://a/c/y")]);
    const after = buildResourceTree([res("demo://a/b/x"), res("demo://a/c/y"), res("zzz://q/r")]);
    expect(folder(after, "b").id).toBe(folder(before, "b").id);
    expect(folder(after, "c").id).toBe(folder(before, "c").id);
  });

  it("skips the empty authority of file:/// URIs", () => {
    const tree = buildResourceTree([res("file:///home/me/a.txt"), res("file:///home/me/b.txt")]);
    expect(outline(tree)).toEqual(["[file:///home/me] 2", "  a.txt", "  b.txt"]);
  });

  it("places a URI with no path directly in its scheme folder", () => {
    const tree = buildResourceTree([res("demo://thing", "thing"), res("demo://other/x")]);
    expect(outline(tree)).toEqual(["[demo:] 2", "  [other] 1", "    x", "  thing"]);
  });

  it("places opaque URIs (no //) directly in their scheme folder", () => {
    const tree = buildResourceTree([
      res("urn:isbn:123", "book"),
      res("urn:isbn:456", "other book"),
      res("mailto:x@y", "mail"),
    ]);
    expect(outline(tree)).toEqual(["[mailto:] 1", "  mail", "[urn:] 2", "  book", "  other book"]);
  });

  it("keeps the query and the fragment with the leaf, not in a folder", () => {
    const tree = buildResourceTree([
      res("demo://a/b?x=1/2", "q"),
      res("demo://a/c#p/q", "f"),
      res("demo://z?y=/w", "z"),
    ]);
    expect(outline(tree)).toEqual(["[demo:] 3", "  [a] 2", "    f", "    q", "  z"]);
    expect(folder(tree, "a").children.map((n) => n.id)).toEqual(["demo://a/c#p/q", "demo://a/b?x=1/2"]);
  });

  it("shows percent-encoded segments decoded but keeps ids exact", () => {
    const tree = buildResourceTree([res("demo://h/my%20dir/a"), res("demo://h/caf%C3%A9/b")]);
    expect(outline(tree)).toEqual(["[demo://h] 2", "  [café] 1", "    b", "  [my dir] 1", "    a"]);
    expect(folder(tree, "my dir").id).toBe("folder demo://h/my%20dir");
  });

  it("shows a malformed percent sequence as written instead of throwing", () => {
    const tree = buildResourceTree([
      res("demo://h/100%/a"),
      res("demo://h/%E0%A4%A/b"),
      res("demo://h/ok/c"),
    ]);
    expect(outline(tree)).toEqual([
      "[demo://h] 3",
      "  [%E0%A4%A] 1",
      "    b",
      "  [100%] 1",
      "    a",
      "  [ok] 1",
      "    c",
    ]);
  });

  it("handles Unicode in segments and names, sorting accented letters with their base letter", () => {
    const tree = buildResourceTree([
      res("demo://文档/指南/a", "文件"),
      res("demo://文档/e/f", "Zoë"),
      res("demo://文档/e/g", "Émile"),
      res("demo://文档/e/h", "Fred"),
    ]);
    expect(outline(tree)).toEqual([
      "[demo://文档] 4",
      "  [e] 3",
      "    Émile",
      "    Fred",
      "    Zoë",
      "  [指南] 1",
      "    文件",
    ]);
  });

  it("puts a URI with a trailing slash as a leaf inside that folder, not an empty-named folder", () => {
    const tree = buildResourceTree([res("demo://a/b/", "b index"), res("demo://a/b/c"), res("demo://x/y")]);
    expect(outline(tree)).toEqual(["[demo:] 3", "  [a/b] 2", "    b index", "    c", "  [x] 1", "    y"]);
    expect(allNodes(tree).some((n) => n.label === "")).toBe(false);
  });

  it("creates no folder for empty path segments", () => {
    const tree = buildResourceTree([res("demo://h/a//b/x"), res("demo://h/q")]);
    expect(outline(tree)).toEqual(["[demo://h] 2", "  [a/b] 1", "    x", "  q"]);
  });

  it("shows a resource whose URI is a prefix of another's next to that other's folder", () => {
    const tree = buildResourceTree([res("demo://a/b", "b itself"), res("demo://a/b/c", "c")]);
    expect(outline(tree)).toEqual(["[demo://a] 2", "  [b] 1", "    c", "  b itself"]);
    const ids = allNodes(tree).map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps both resources that share a display name", () => {
    const tree = buildResourceTree([res("demo://a/1", "same"), res("demo://a/2", "same")]);
    expect(outline(tree)).toEqual(["[demo://a] 2", "  same", "  same"]);
    expect(folder(tree, "demo://a").children.map((n) => n.id)).toEqual(["demo://a/1", "demo://a/2"]);
  });

  it("labels leaves with the title, else the name, else the uri", () => {
    const tree = buildResourceTree([
      res("demo://a/1", "name1", "Title 1"),
      res("demo://a/2", "name2"),
      res("demo://a/3", ""),
    ]);
    expect(outline(tree)).toEqual(["[demo://a] 3", "  demo://a/3", "  name2", "  Title 1"]);
  });

  it("groups strings without a scheme under a last 'other' folder without throwing", () => {
    const tree = buildResourceTree([
      res("not a uri", "n"),
      res("/relative/path", "r"),
      res("", "e"),
      res("zz://h/x"),
    ]);
    expect(outline(tree)).toEqual(["[zz://h] 1", "  x", "[other] 3", "  e", "  n", "  r"]);
  });

  it("keeps a folder id distinct from a (bogus) URI spelled the same", () => {
    const tree = buildResourceTree([res("demo://a/x"), res("demo://b/y"), res("folder demo:", "bogus")]);
    const ids = allNodes(tree).map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("folder demo:");
  });

  it("groups schemes case-insensitively", () => {
    const tree = buildResourceTree([res("DEMO://a/x"), res("demo://a/y")]);
    expect(outline(tree)).toEqual(["[demo://a] 2", "  x", "  y"]);
  });

  it("keeps the first of two resources with the same URI", () => {
    const tree = buildResourceTree([
      res("demo://a/x", "first"),
      res("demo://a/x", "second"),
      res("demo://a/y"),
    ]);
    expect(outline(tree)).toEqual(["[demo://a] 2", "  first", "  y"]);
  });

  it("sorts folders before leaves, each alphabetically, case-insensitively and numerically", () => {
    const tree = buildResourceTree(
      ["item-10", "item-2", "Item-3", "zeta/x", "alpha/x", "Beta", "beta/x"].map((p) => res(`demo://h/${p}`)),
    );
    expect(outline(tree)).toEqual([
      "[demo://h] 7",
      "  [alpha] 1",
      "    x",
      "  [beta] 1",
      "    x",
      "  [zeta] 1",
      "    x",
      "  Beta",
      "  item-2",
      "  Item-3",
      "  item-10",
    ]);
  });

  it("counts every resource below a folder, at any depth", () => {
    const tree = buildResourceTree([
      res("demo://a/b/c/1"),
      res("demo://a/b/2"),
      res("demo://a/3"),
      res("demo://z/4"),
    ]);
    expect(folder(tree, "demo:").count).toBe(4);
    expect(folder(tree, "a").count).toBe(3);
    expect(folder(tree, "b").count).toBe(2);
    expect(folder(tree, "c").count).toBe(1);
  });

  it("builds 10,000 resources, listed out of order, into the expected structure", () => {
    const resources: Resource[] = [];
    for (let j = 0; j < 10_000; j += 1) {
      const i = (j * 7919) % 10_000; // a permutation: 7919 is prime to 10,000
      resources.push(res(`test://static/group-${i % 100}/item-${i}`, `item-${i}`));
    }
    const tree = buildResourceTree(resources);
    expect(tree).toHaveLength(1);
    const root = tree[0] as TreeFolder;
    expect(root).toMatchObject({ label: "test://static", count: 10_000 });
    expect(root.children).toHaveLength(100);
    expect(root.children.slice(0, 3).map((n) => n.label)).toEqual(["group-0", "group-1", "group-2"]);
    const group2 = root.children[2] as TreeFolder;
    expect(group2.count).toBe(100);
    expect(group2.children.slice(0, 3).map((n) => n.label)).toEqual(["item-2", "item-102", "item-202"]);
    expect(allNodes(tree).filter((n) => n.kind === "resource")).toHaveLength(10_000);
  });
});

describe("ancestorIds", () => {
  const tree = buildResourceTree([
    res("demo://docs/guides/a.md"),
    res("demo://docs/guides/b.md"),
    res("demo://docs/x.md"),
    res("demo://img/p.png"),
    res("urn:isbn:1", "book"),
  ]);

  it("lists the folder ids from the root down to the resource", () => {
    expect(ancestorIds(tree, "demo://docs/guides/b.md")).toEqual([
      "folder demo:",
      "folder demo://docs",
      "folder demo://docs/guides",
    ]);
  });

  it("uses the ids of collapsed folders", () => {
    const collapsed = buildResourceTree([res("demo://docs/guides/a.md"), res("demo://docs/guides/b.md")]);
    expect(ancestorIds(collapsed, "demo://docs/guides/a.md")).toEqual(["folder demo://docs/guides"]);
  });

  it("finds resources directly in a scheme folder", () => {
    expect(ancestorIds(tree, "urn:isbn:1")).toEqual(["folder urn:"]);
  });

  it("returns [] for a URI that is not in the tree", () => {
    expect(ancestorIds(tree, "demo://docs/missing.md")).toEqual([]);
    expect(ancestorIds(tree, "folder demo://docs")).toEqual([]);
  });
});
