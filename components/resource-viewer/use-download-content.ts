"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "@/components/auth/api";
import { saveBlob } from "@/components/ui/download";
import { fileNameFromUri } from "./file-name";

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
      // Revoked after a minute, or on unmount, whichever comes first.
      const url = saveBlob(blob, fileNameFromUri(uri), (revoked) => urls.current.delete(revoked));
      urls.current.add(url);
    },
  });
}
