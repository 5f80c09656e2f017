"use client";

import { useCallback, useState } from "react";
import {
  RECENT_STORAGE_KEY,
  parseRecentStore,
  recentKey,
  recentValues,
  rememberValues,
  type TemplateValuesRecord,
} from "@/lib/ui/recent-values";

function load() {
  try {
    return parseRecentStore(window.localStorage.getItem(RECENT_STORAGE_KEY));
  } catch {
    return {}; // storage disabled: remember nothing
  }
}

/** Values recently read through one template of one server, newest first (localStorage). */
export function useRecentValues(serverName: string, uriTemplate: string) {
  const key = recentKey(serverName, uriTemplate);
  const [store, setStore] = useState(load);
  const remember = useCallback(
    (values: TemplateValuesRecord) => {
      // Re-read: another form (or tab) may have written since this one loaded.
      const next = rememberValues(load(), key, values, Date.now());
      try {
        window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Quota or disabled storage: keep them for this page only.
      }
      setStore(next);
    },
    [key],
  );
  return { recent: recentValues(store, key), remember };
}
