import type { ReadResponse, Resource } from "@/lib/api/contract";

/** One item of a `resources/read` result (text or base64 blob), exactly as the server sent it. */
export type ContentEntry = ReadResponse["contents"][number];

/**
 * What resources/list said about the resource that was read: the type that applies when an item
 * declares none, and the facts the item is checked against. Looked up once, by the viewer.
 */
export type ListedFacts = Pick<Resource, "mimeType" | "size">;

/** The item's text, or undefined for a blob. */
export function entryText(item: ContentEntry): string | undefined {
  return "text" in item && typeof item.text === "string" ? item.text : undefined;
}

/** The item's base64 blob, or undefined for text. */
export function entryBlob(item: ContentEntry): string | undefined {
  return "blob" in item && typeof item.blob === "string" ? item.blob : undefined;
}
