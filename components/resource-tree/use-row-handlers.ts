"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";

export interface RowHandlers {
  ref: (element: HTMLDivElement | null) => void;
  onClick: () => void;
  onFocus: () => void;
}

interface Latest {
  register: (id: string, element: HTMLElement | null) => void;
  click: (id: string) => void;
  focus: (id: string) => void;
}

/**
 * Per-row callbacks that keep their identity across renders (so memoized rows skip re-rendering
 * while the user types in the filter), always calling the latest handlers.
 */
export function useRowHandlers(latest: Latest): (id: string) => RowHandlers {
  const current = useRef(latest);
  useLayoutEffect(() => {
    current.current = latest;
  });
  const [cache] = useState(() => new Map<string, RowHandlers>());
  return useCallback(
    (id: string) => {
      let handlers = cache.get(id);
      if (!handlers) {
        handlers = {
          ref: (element) => current.current.register(id, element),
          onClick: () => current.current.click(id),
          onFocus: () => current.current.focus(id),
        };
        cache.set(id, handlers);
      }
      return handlers;
    },
    [cache],
  );
}
