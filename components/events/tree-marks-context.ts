"use client";

import { createContext, useContext } from "react";

/**
 * Which session's live marks the tree rows below show. A context rather than props so the tree
 * itself (its layout, virtualization, filtering) needs no knowledge of live events.
 */
export const TreeMarksContext = createContext<string | null>(null);

export function useTreeMarksSession(): string | null {
  return useContext(TreeMarksContext);
}
