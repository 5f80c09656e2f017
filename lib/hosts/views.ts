/**
 * The page's data as the host models take it: a session's summary and listings → ServerView, a
 * cached `resources/read` answer → ReadInput. Pure, so the viewer's Hosts tab, the server panel's
 * matrix and their tests build the very same inputs.
 */
import type { Resource, ResourceTemplate, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { ReadContent, ReadInput, ServerView } from "./types";

export interface ServerViewSource {
  /** The name the host's config gives the server (the session's name unless the user changed it). */
  name: string;
  capabilities: ServerCapabilities | null;
  /** The resource listing (every page), when it came. */
  resources?: { resources: readonly Resource[]; pages: number };
  templates?: { resourceTemplates: readonly ResourceTemplate[] };
  /** Why the resource listing failed, when it did. */
  listError?: string;
}

export function serverViewOf(source: ServerViewSource): ServerView {
  return {
    name: source.name,
    capabilities: source.capabilities,
    resources: source.resources?.resources ?? [],
    pages: Math.max(1, source.resources?.pages ?? 1),
    templates: source.templates?.resourceTemplates ?? [],
    ...(source.listError !== undefined ? { listError: source.listError } : {}),
  };
}

export interface ReadInputSource {
  serverName: string;
  uri: string;
  /** The resource list, when it came: whether `uri` is in it, and its listed entry. */
  listed: readonly Resource[] | undefined;
  /** The read's answer, when there is one. */
  contents?: readonly ReadContent[];
  /** Why the read failed (and the MCP error code, when the server gave one). */
  error?: { message: string; code?: number | undefined };
}

export function readInputOf(source: ReadInputSource): ReadInput {
  const entry = source.listed?.find((r) => r.uri === source.uri);
  const error = source.error;
  return {
    serverName: source.serverName,
    uri: source.uri,
    ...(entry ? { listed: entry } : {}),
    isListed: entry !== undefined,
    ...(source.contents !== undefined && !error ? { contents: source.contents } : {}),
    ...(error
      ? { error: { message: error.message, ...(error.code !== undefined ? { code: error.code } : {}) } }
      : {}),
  };
}

/** What a panel shows of a long text: its first `max` characters, and how many it leaves out. */
export function clipForDisplay(text: string, max: number): { shown: string; hidden: number } {
  if (text.length <= max) return { shown: text, hidden: 0 };
  // Never split a surrogate pair: the cut would show a replacement character.
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { shown: text.slice(0, end), hidden: text.length - end };
}
