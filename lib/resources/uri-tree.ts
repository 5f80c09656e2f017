/**
 * Arrange a server's resources into a tree by URI: scheme → authority → path segments.
 *
 * Folder ids are "folder " + the exact URI prefix: a valid URI has no space, so a folder id never
 * equals a leaf id (a URI), even when one URI prefixes another. Single-child folder chains show as
 * one folder. The last path segment names the resource (`demo://a/b/` is a leaf in folder b);
 * empty segments make no folder; opaque URIs are leaves of their scheme; no scheme → "other".
 */
import type { Resource } from "../api/contract";
import { pushAll } from "../limits/arrays";

export interface TreeFolder {
  kind: "folder";
  id: string;
  label: string;
  children: TreeNode[];
  /** Resources below this folder, at any depth. */
  count: number;
}
export interface TreeLeaf {
  kind: "resource";
  id: string;
  label: string;
  resource: Resource;
}
export type TreeNode = TreeFolder | TreeLeaf;

const FOLDER = "folder ";
const OTHER_ID = "folder (other)";
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** What a person calls a resource: its title, else its name. */
export function displayName(r: { name: string; title?: string | undefined }): string {
  // An empty title is as good as none.
  return r.title ? r.title : r.name;
}

interface Step {
  id: string;
  label: string;
  /** Text between the parent's label and this one when a chain is collapsed. */
  joiner: string;
}

interface Draft extends Step {
  folders: Map<string, Draft>;
  leaves: TreeLeaf[];
}

function decodeSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escape such as "%zz": show it as written
  }
}

/** The folders a resource sits in, outermost first; null when the string has no scheme. */
function folderSteps(uri: string): Step[] | null {
  const match = SCHEME.exec(uri);
  if (!match) return null;
  let prefix = `${(match[1] ?? "").toLowerCase()}:`;
  const steps: Step[] = [{ id: FOLDER + prefix, label: prefix, joiner: "" }];
  const rest = uri.slice(match[0].length);
  if (!rest.startsWith("/")) return steps; // opaque: urn:isbn:1, mailto:x@y

  const end = rest.search(/[?#]/);
  let path = end < 0 ? rest : rest.slice(0, end);
  let joiner = "/";
  if (path.startsWith("//")) {
    const slash = path.indexOf("/", 2);
    const authority = slash < 0 ? path.slice(2) : path.slice(2, slash);
    path = slash < 0 ? "" : path.slice(slash);
    prefix += `//${authority}`;
    if (authority === "") joiner = "///";
    else if (path !== "") steps.push({ id: FOLDER + prefix, label: decodeSegment(authority), joiner: "//" });
  }
  // Drop the leading "" (path starts with "/") and the last segment, which names the resource.
  for (const segment of path.split("/").slice(1, -1)) {
    prefix += `/${segment}`;
    if (segment === "") continue;
    steps.push({ id: FOLDER + prefix, label: decodeSegment(segment), joiner });
    joiner = "/";
  }
  return steps;
}

/**
 * The URI up to its last "/" before any query or fragment; without such a slash, its scheme ("" if
 * none). folderSteps reads nothing past that point, so URIs with the same key share a folder, and
 * the key caches the walk for the many siblings a listing usually has.
 */
function parentKey(uri: string): string {
  const end = uri.search(/[?#]/);
  const slash = uri.lastIndexOf("/", end < 0 ? uri.length : end - 1);
  return slash < 0 ? (SCHEME.exec(uri)?.[0] ?? "") : uri.slice(0, slash);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function compareNodes(a: TreeNode, b: TreeNode): number {
  if (a.kind !== b.kind) return a.kind === "folder" ? -1 : 1;
  // Ids break ties so equal labels (duplicate names) still sort the same way every time.
  return collator.compare(a.label, b.label) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Sorts siblings in collator order. A numeric Intl.Collator costs about a microsecond a call: a
 * listing already in order takes one pass, but a shuffled folder of 10,000 would need ~120,000
 * calls. A cheap approximate order first (lowercased, digit runs padded) leaves the collator's
 * adaptive sort about one call per node; the result is still exactly the collator's order.
 */
function sortNodes(nodes: TreeNode[]): TreeNode[] {
  if (nodes.every((node, i) => i === 0 || compareNodes(nodes[i - 1] as TreeNode, node) <= 0)) return nodes;
  const rough = nodes.map((node) => ({
    node,
    key: node.kind + node.label.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(20, "0")),
  }));
  rough.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return rough.map((r) => r.node).sort(compareNodes);
}

function finish(draft: Draft): TreeFolder {
  let node = draft;
  let label = draft.label;
  while (node.leaves.length === 0 && node.folders.size === 1) {
    const only = node.folders.values().next().value as Draft;
    label += only.joiner + only.label;
    node = only;
  }
  const children: TreeNode[] = [];
  let count = node.leaves.length;
  for (const child of node.folders.values()) {
    const folder = finish(child);
    count += folder.count;
    children.push(folder);
  }
  pushAll(children, node.leaves);
  return { kind: "folder", id: node.id, label, children: sortNodes(children), count };
}

export function buildResourceTree(resources: readonly Resource[]): TreeNode[] {
  const byUri = new Map<string, Resource>();
  for (const r of resources) if (!byUri.has(r.uri)) byUri.set(r.uri, r);
  // Only a server sending an invalid URI such as "folder demo:" could hit this; ids stay unique.
  const freeId = (id: string): string => (byUri.has(id) ? freeId(`${id} `) : id);

  const roots = new Map<string, Draft>();
  const folderOf = new Map<string, Draft>();
  for (const resource of byUri.values()) {
    const key = parentKey(resource.uri);
    let parent = folderOf.get(key);
    if (!parent) {
      let siblings = roots;
      for (const step of folderSteps(resource.uri) ?? [{ id: OTHER_ID, label: "other", joiner: "" }]) {
        let draft = siblings.get(step.id);
        if (!draft) {
          draft = { ...step, id: freeId(step.id), folders: new Map(), leaves: [] };
          siblings.set(step.id, draft);
        }
        parent = draft;
        siblings = draft.folders;
      }
      if (!parent) continue; // unreachable: there is always a scheme or "other" step
      folderOf.set(key, parent);
    }
    parent.leaves.push({
      kind: "resource",
      id: resource.uri,
      label: displayName(resource) || resource.uri,
      resource,
    });
  }

  const other = roots.get(OTHER_ID);
  roots.delete(OTHER_ID);
  const tree = sortNodes([...roots.values()].map(finish));
  if (other) tree.push(finish(other));
  return tree;
}

/** Ids of the folders to expand, outermost first, to reveal a resource; [] when it is absent. */
export function ancestorIds(tree: TreeNode[], uri: string): string[] {
  const path: string[] = [];
  const visit = (nodes: TreeNode[]): boolean => {
    for (const node of nodes) {
      if (node.kind === "resource") {
        if (node.id === uri) return true;
      } else {
        path.push(node.id);
        if (visit(node.children)) return true;
        path.pop();
      }
    }
    return false;
  };
  return visit(tree) ? path : [];
}
