"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { contentQuery } from "@/lib/api/queries";

/**
 * The raw bytes of content item `index`, fetched with the Authorization header (an `<img src>`
 * could not send it) so the viewer can show them through a blob: URL.
 */
export function useContentBlob(sessionId: string, uri: string, index: number) {
  return useQuery(contentQuery(api, sessionId, uri, index));
}
