import type { ReadResourceResult, Resource } from "@modelcontextprotocol/sdk/types.js";
import { CREATED_AT_META_KEY } from "./uris";

export type ResourceContents = ReadResourceResult["contents"][number];

/** A listed resource and how to read it (read runs on every `resources/read`, so it may be live). */
export interface DemoResource {
  readonly resource: Resource;
  read(): ResourceContents[];
}

/** Metadata a catalog entry may set; uri, name and size are derived or required separately. */
export type ResourceDetails = Omit<Resource, "uri" | "name" | "size">;

export function textResource(
  uri: string,
  name: string,
  text: string,
  details: ResourceDetails = {},
): DemoResource {
  const resource: Resource = { uri, name, ...details, size: Buffer.byteLength(text, "utf8") };
  return {
    resource,
    read: () => [{ uri, ...(details.mimeType ? { mimeType: details.mimeType } : {}), text }],
  };
}

/** A JSON resource: `value` pretty-printed (two spaces, a final newline) as application/json text. */
export function jsonResource(
  uri: string,
  name: string,
  value: unknown,
  details: ResourceDetails = {},
): DemoResource {
  return textResource(uri, name, `${JSON.stringify(value, null, 2)}\n`, {
    mimeType: "application/json",
    ...details,
  });
}

export function blobResource(
  uri: string,
  name: string,
  bytes: Buffer,
  details: ResourceDetails = {},
): DemoResource {
  const resource: Resource = { uri, name, ...details, size: bytes.length };
  const blob = bytes.toString("base64");
  return {
    resource,
    read: () => [{ uri, ...(details.mimeType ? { mimeType: details.mimeType } : {}), blob }],
  };
}

/** `_meta` and name suffix that carry a runtime resource's creation time (see CREATED_AT_META_KEY). */
export function createdAt(ms: number): { _meta: Record<string, unknown>; suffix: string } {
  return { _meta: { [CREATED_AT_META_KEY]: ms }, suffix: ` @${ms}` };
}

// Characters and shapes the WHATWG parser leaves alone in a non-special URL: such a URI is its own
// canonical form, and 10,000 generated items need not each be parsed at startup.
const ALREADY_CANONICAL = /^[a-z][a-z0-9+.-]*:\/\/[A-Za-z0-9\-_~]+(?:\/[A-Za-z0-9\-_~][A-Za-z0-9\-._~]*)*$/;

// Special schemes get host normalization (lowercasing, IDNA): always parse those.
const SPECIAL_SCHEME = /^(?:https?|wss?|ftp|file):/i;

/** WHATWG form of a URI, so a client that percent-encodes a listed IRI still finds it. */
function canonical(uri: string): string | undefined {
  if (ALREADY_CANONICAL.test(uri) && !SPECIAL_SCHEME.test(uri)) return uri;
  try {
    return new URL(uri).href;
  } catch {
    return undefined;
  }
}

/** The listed resources in listing order (a Map keeps insertion order; replacing keeps the slot). */
export class ResourceStore {
  private readonly byUri = new Map<string, DemoResource>();
  private readonly aliases = new Map<string, string>();
  /** list() answers every page of resources/list: built once per change, not per page. */
  private listed: Resource[] | undefined;

  /** Adds the resource, or replaces the one with the same uri in place. */
  put(entry: DemoResource): "added" | "replaced" {
    const { uri } = entry.resource;
    const existed = this.byUri.has(uri);
    this.byUri.set(uri, entry);
    this.listed = undefined;
    const alias = canonical(uri);
    if (alias !== undefined && alias !== uri) this.aliases.set(alias, uri);
    return existed ? "replaced" : "added";
  }

  remove(uri: string): boolean {
    const listed = this.listedUri(uri);
    if (listed === undefined) return false;
    this.byUri.delete(listed);
    this.listed = undefined;
    const alias = canonical(listed);
    if (alias !== undefined && this.aliases.get(alias) === listed) this.aliases.delete(alias);
    return true;
  }

  get(uri: string): DemoResource | undefined {
    const listed = this.listedUri(uri);
    return listed === undefined ? undefined : this.byUri.get(listed);
  }

  has(uri: string): boolean {
    return this.get(uri) !== undefined;
  }

  list(): readonly Resource[] {
    this.listed ??= Array.from(this.byUri.values(), (entry) => entry.resource);
    return this.listed;
  }

  get size(): number {
    return this.byUri.size;
  }

  /** The listed uri a request means: the exact string first, then its WHATWG-canonical form. */
  private listedUri(uri: string): string | undefined {
    if (this.byUri.has(uri)) return uri;
    const key = canonical(uri);
    if (key === undefined) return undefined;
    const listed = this.aliases.get(key) ?? key;
    return this.byUri.has(listed) ? listed : undefined;
  }
}
