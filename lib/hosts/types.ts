/**
 * The host lens's vocabulary: what a host is (as data), what it is shown of a server and of a read,
 * and what it gives its model (or its user) back. Pure and isomorphic: the viewer, the Problems
 * rules, the CLI and recorded checks read the same models (lib/hosts/*.ts, one module per host).
 */
import type { Resource, ResourceTemplate, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";

export const HOST_IDS = ["gemini-cli", "claude-code", "vscode", "codex"] as const;
export type HostId = (typeof HOST_IDS)[number];

/**
 * How a sentence names each host: the one spelling every message, note and document takes (a
 * module's `label` is its title, "Codex CLI"). Here, not in the modules, so that a rule or the
 * review step's WebSocket note can name a host without loading its model.
 */
export const HOST_NAMES = {
  "gemini-cli": "Gemini CLI",
  "claude-code": "Claude Code",
  vscode: "VS Code",
  codex: "Codex",
} as const satisfies Record<HostId, string>;

/** `verified`: read in the host's code, docs or a maintainer's word; `inferred`: reasoned, say so. */
export type Certainty = "verified" | "inferred";

export interface Source {
  /** Short, for a link's text: "gemini-cli read-mcp-resource.ts L138". */
  label: string;
  url: string;
}

export interface HostFact {
  text: string;
  certainty: Certainty;
  source: Source;
}

/** One content item of a read as the server sent it (nothing assumed about its fields). */
export interface ReadContent {
  uri?: unknown;
  mimeType?: unknown;
  text?: unknown;
  blob?: unknown;
}

/** What a host knows of a server when it lists: its config name, capabilities and listings. */
export interface ServerView {
  /** The name the host's config gives the server (its `mcpServers` key), which hosts put in front of URIs. */
  name: string;
  capabilities: ServerCapabilities | null;
  resources: readonly Resource[];
  /** Pages the resource walk took (1 when unknown). */
  pages: number;
  /** Resources on the first page, when the walk took more than one. */
  firstPage?: number;
  templates: readonly ResourceTemplate[];
  /** Why `resources/list` failed, when it did (the host then sees no resources at all). */
  listError?: string;
}

/** One `resources/read` and what surrounds it. */
export interface ReadInput {
  serverName: string;
  uri: string;
  /** The listed entry for this URI (hosts judge images by the listed mimeType). */
  listed?: Resource;
  /** Whether the URI is in the server's list (Gemini CLI reads only listed URIs). */
  isListed: boolean;
  /** The answer; absent when the read failed. */
  contents?: readonly ReadContent[];
  error?: { message: string; code?: number };
}

export type Level = "error" | "warning" | "info";

export interface LensNote {
  level: Level;
  text: string;
  fact: HostFact;
}

/** One part of what a host produces from a read, in order. */
export type LensBlock =
  | {
      kind: "text";
      /** What this is ("read_mcp_resource → model", "@ mention → prompt"). */
      title: string;
      text: string;
      format: "text" | "json";
    }
  | { kind: "image"; title: string; mimeType: string; contentIndex: number }
  | { kind: "omitted"; title: string; reason: string };

export interface TokenBudget {
  /** Estimated tokens of what the model gets (≈ 4 characters a token; inferred). */
  estimate: number;
  warnAt: number;
  limit: number;
}

export interface Mention {
  /** What the user types in the host's prompt. */
  text: string;
  works: boolean;
  /** Why it does not work as typed (and, when there is one, the form that does). */
  why?: string;
}

export interface HostReadView {
  host: HostId;
  /** Whether the host's model gets this on its own (`model`) or only when a user attaches it. */
  audience: "model" | "user";
  blocks: LensBlock[];
  notes: LensNote[];
  mention?: Mention;
  tokens?: TokenBudget;
}

/** A host's list tool output for one server, as its model gets it. */
export interface HostListView {
  host: HostId;
  /** The call it answers ("list_mcp_resources {serverName}"), or how a user sees the list. */
  title: string;
  text: string;
  format: "text" | "json";
  audience: "model" | "user";
}

/** "Will my server work in X?" — one row of the host matrix. */
export interface HostReach {
  host: HostId;
  /** Listed resources the host's model can reach by itself (the user's, for a user-only host). */
  reachable: number;
  total: number;
  /** Who reaches the server's templates: its model, only its user, or nobody. */
  templates: "model" | "user" | "none";
  /** Which list pages it reads, in a few words. */
  pages: string;
  /** What becomes of a blob, in a few words. */
  blobs: string;
  /** The server as a whole is lost (e.g. Gemini CLI drops a server whose list fails). */
  lost?: string;
}

export interface HostModel {
  id: HostId;
  label: string;
  /** The release this model describes, and what it was read from. */
  version: string;
  describedFrom: string;
  /** Whether its model reads resources on its own (false: the user attaches them). */
  modelReads: boolean;
  facts: Readonly<Record<string, HostFact>>;
  read(input: ReadInput): HostReadView;
  list(server: ServerView): HostListView;
  reach(server: ServerView): HostReach;
}
