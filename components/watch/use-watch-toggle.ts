"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import type { WatchListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";

/** Watch (subscribe) or unwatch (unsubscribe) one resource. */
export function useWatchToggle(sessionId: string, uri: string) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, boolean>({
    mutationFn: async (watch) => {
      if (watch) {
        const info = await api.watchResource(sessionId, uri);
        // Show the watch at once; the `watches` event refreshes the list shortly after.
        queryClient.setQueryData<WatchListResponse>(queryKeys.watches(sessionId), (old) =>
          old ? { watches: [...old.watches.filter((w) => w.uri !== uri), info] } : { watches: [info] },
        );
      } else {
        await api.unwatchResource(sessionId, uri);
        queryClient.setQueryData<WatchListResponse>(queryKeys.watches(sessionId), (old) =>
          old ? { watches: old.watches.filter((w) => w.uri !== uri) } : old,
        );
      }
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.watches(sessionId) }),
        // A watched read answers the latest version; re-read so the screen shows exactly that.
        queryClient.invalidateQueries({ queryKey: queryKeys.read(sessionId, uri) }),
      ]);
    },
  });
}
