/**
 * A server's state as two sides of a comparison see it (issue 25): who it says it is, what it
 * lists, and what the reads made of it returned. A live session and a capture file both reduce
 * to this, so one comparison serves "server vs server", "capture vs capture" and "build vs the
 * build before". Pure and isomorphic.
 */
import type { ReadResourceResult, Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";

/** What `initialize` said, plus the era the session ran in. */
export interface ServerCard {
  name?: string;
  title?: string;
  version?: string;
  protocolVersion?: string;
  capabilities: Record<string, unknown>;
  instructions?: string;
}

/** One `resources/read` of a URI: its result, or the error the server answered with. */
export type ReadOutcome =
  { uri: string; result: ReadResourceResult } | { uri: string; error: { code?: number; message: string } };

export interface ServerState {
  server: ServerCard;
  /** Every listed resource, pages joined in the order received. */
  resources: Resource[];
  templates: ResourceTemplate[];
  /** The reads this side made; a URI read twice keeps its latest outcome. */
  reads: ReadOutcome[];
}

/**
 * Items by key with the last of a repeated key winning (what hosts keep of a duplicate URI, see
 * lib/hosts/read-input.ts), in a map with no prototype: a server may list a URI "__proto__".
 */
export function byKey<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) out.set(key(item), item);
  return out;
}
