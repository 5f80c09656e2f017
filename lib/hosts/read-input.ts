/**
 * The host lens's inputs from what a session really heard: the server as a host lists it
 * (ServerView) and one read of a URI (ReadInput). Hosts judge a read by the list: Gemini CLI
 * reads only listed URIs, VS Code types an image by its listed mimeType. A server the host never
 * lists (no resources capability, or a failing resources/list) has no listed URI at all.
 */
import type { Resource, ResourceTemplate, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { ReadContent, ReadInput, ServerView } from "./types";

export interface ListOutcome<T> {
  items?: readonly T[];
  pages?: number;
  /** Why the walk failed, when it did. */
  error?: string;
}

export function serverViewOf(
  name: string,
  capabilities: ServerCapabilities | null,
  resources: ListOutcome<Resource>,
  templates: ListOutcome<ResourceTemplate>,
): ServerView {
  return {
    name,
    capabilities,
    resources: resources.items ?? [],
    pages: resources.pages ?? 1,
    templates: templates.items ?? [],
    ...(resources.error !== undefined ? { listError: resources.error } : {}),
  };
}

export type ReadOutcome =
  { contents: readonly ReadContent[] } | { error: { message: string; code?: number | undefined } };

export function readInputOf(server: ServerView, uri: string, outcome: ReadOutcome): ReadInput {
  const listedByHost = server.capabilities?.resources != null && server.listError === undefined;
  // A URI listed twice: hosts keep the last entry (Gemini CLI's registry is a Map).
  const listed = listedByHost ? server.resources.findLast((r) => r.uri === uri) : undefined;
  const base = {
    serverName: server.name,
    uri,
    isListed: listed !== undefined,
    ...(listed ? { listed } : {}),
  };
  if ("error" in outcome) {
    const { message, code } = outcome.error;
    return { ...base, error: code === undefined ? { message } : { message, code } };
  }
  return { ...base, contents: outcome.contents };
}
