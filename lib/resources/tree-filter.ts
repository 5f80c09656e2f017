/**
 * Filtering and sorting the resource tree (lib/resources/uri-tree.ts) without rebuilding it, fast enough to
 * run on every keystroke at 10,000 resources.
 *
 * A resource matches when its name, title or URI contains the query (case-insensitive); only when
 * nothing does, fuzzy matches on name and title count (fuzzysort, score ≥ FUZZY_THRESHOLD):
 * mixing both floods a tree ("item-12" is a substring of 111 of 10,000 demo items, a fuzzy match
 * for 400 more). Folders keep their labels and are recounted; folders sort before resources.
 * Match keys are lowercased once per listing (buildFilterIndex), never per keystroke.
 */
import fuzzysort from "fuzzysort";
import type { Resource } from "../api/contract";
import type { TreeNode } from "./uri-tree";

export type TreeSort = "name" | "uri" | "size";

/** fuzzysort scores run 0..1 (1 = exact); below this a fuzzy match is too loose to show. */
export const FUZZY_THRESHOLD = 0.2;

interface IndexEntry {
  uri: string;
  /** name, title and uri, lowercased, one per line (a query never spans lines). */
  haystack: string;
  name: string;
  title: string | undefined;
}

interface FuzzyTarget {
  uri: string;
  name: Fuzzysort.Prepared;
  title: Fuzzysort.Prepared | undefined;
}

export interface FilterIndex {
  entries: readonly IndexEntry[];
  /** fuzzysort-prepared names and titles, made on the first fuzzy search (~50 ms at 10,000). */
  fuzzy?: FuzzyTarget[];
}

export interface FilterResult {
  /** URIs of the matching resources. */
  uris: Set<string>;
  /** The matches are fuzzy (nothing contained the query). */
  fuzzy: boolean;
}

export function buildFilterIndex(resources: readonly Resource[]): FilterIndex {
  return {
    entries: resources.map((r) => ({
      uri: r.uri,
      haystack: `${r.name}\n${r.title ?? ""}\n${r.uri}`.toLowerCase(),
      name: r.name,
      title: r.title,
    })),
  };
}

function fuzzyTargets(index: FilterIndex): FuzzyTarget[] {
  index.fuzzy ??= index.entries.map((e) => ({
    uri: e.uri,
    name: fuzzysort.prepare(e.name),
    title: e.title ? fuzzysort.prepare(e.title) : undefined,
  }));
  return index.fuzzy;
}

/** The resources that match `query`; null when the query is blank (no filter). */
export function matchResources(index: FilterIndex, query: string): FilterResult | null {
  const q = query.trim().toLowerCase();
  if (q === "") return null;
  const uris = new Set<string>();
  for (const entry of index.entries) if (entry.haystack.includes(q)) uris.add(entry.uri);
  if (uris.size > 0 || q.length < 2) return { uris, fuzzy: false };
  const found = fuzzysort.go(q, fuzzyTargets(index), { keys: ["name", "title"], threshold: FUZZY_THRESHOLD });
  for (const result of found) uris.add(result.obj.uri);
  return { uris, fuzzy: uris.size > 0 };
}

/** The tree with only the matched resources and the folders above them. */
export function filterTree(tree: readonly TreeNode[], matched: ReadonlySet<string>): TreeNode[] {
  const out: TreeNode[] = [];
  for (const node of tree) {
    if (node.kind === "resource") {
      if (matched.has(node.resource.uri)) out.push(node);
      continue;
    }
    const children = filterTree(node.children, matched);
    if (children.length === 0) continue;
    out.push({ ...node, children, count: countResources(children) });
  }
  return out;
}

function countResources(nodes: readonly TreeNode[]): number {
  let n = 0;
  for (const node of nodes) n += node.kind === "resource" ? 1 : node.count;
  return n;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareFor(by: TreeSort): ((a: TreeNode, b: TreeNode) => number) | null {
  if (by === "name") return null; // the tree is built in name order
  return (a, b) => {
    if (a.kind !== b.kind) return a.kind === "folder" ? -1 : 1;
    if (a.kind === "folder" || b.kind === "folder") return 0; // stable: folders keep name order
    if (by === "uri") return byCodePoint(a.resource.uri, b.resource.uri);
    const sa = a.resource.size;
    const sb = b.resource.size;
    if (sa === sb) return 0;
    if (sa === undefined) return 1;
    if (sb === undefined) return -1;
    return sb - sa;
  };
}

/** The tree with siblings in the chosen order (the same arrays when nothing would change). */
export function sortTree(tree: readonly TreeNode[], by: TreeSort): readonly TreeNode[] {
  const compare = compareFor(by);
  if (!compare) return tree;
  const walk = (nodes: readonly TreeNode[]): TreeNode[] =>
    nodes
      .map((node): TreeNode => (node.kind === "folder" ? { ...node, children: walk(node.children) } : node))
      .sort(compare);
  return walk(tree);
}

/** Every resource in the tree, depth-first (what the filter index is built from). */
export function treeResources(tree: readonly TreeNode[]): Resource[] {
  const out: Resource[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.kind === "resource") out.push(node.resource);
      else walk(node.children);
    }
  };
  walk(tree);
  return out;
}

/** Every folder id in the tree (to expand them all). */
export function folderIds(tree: readonly TreeNode[]): string[] {
  const ids: string[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const node of nodes) {
      if (node.kind === "folder") {
        ids.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(tree);
  return ids;
}
