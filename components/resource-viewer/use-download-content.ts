"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "@/components/auth/api";
import { fileNameFromUri } from "./decode";

// Long enough for the browser to start saving; the unmount cleanup catches the rest.
const REVOKE_AFTER_MS = 60_000;

/** Saves content item `index` as a file: fetch with the token → blob → `<a download>`. */
export function useDownloadContent(sessionId: string, uri: string, index: number) {
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const pending = urls.current;
    return () => {
      for (const url of pending) URL.revokeObjectURL(url);
      pending.clear();
    };
  }, []);

  return useMutation<void, Error>({
    mutationFn: async () => {
      const { blob } = await api.fetchContent(sessionId, uri, index, { download: true });
      const url = URL.createObjectURL(blob);
      urls.current.add(url);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameFromUri(uri);
      link.rel = "noopener";
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }, REVOKE_AFTER_MS);
    },
  });
}
