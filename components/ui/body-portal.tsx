"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";

const noSubscription = () => () => {};

/**
 * Renders its children as children of `<body>`, outside whatever subtree mounted them: a modal
 * opened from the header (which keeps the light palette in both themes, `.palette-light`) must
 * take the page's theme, not the header's. Nothing on the server, where there is no body to
 * reach; the modals are opened by the user, so never at first paint.
 */
export function BodyPortal({ children }: { children: ReactNode }) {
  const onClient = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return onClient ? createPortal(children, document.body) : null;
}
