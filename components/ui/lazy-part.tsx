"use client";

import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";

export interface LazyPart<P extends object> {
  Part: ComponentType<P>;
  preload: () => Promise<unknown>;
}

/**
 * A component loaded on first use. Once its module is in (components/workspace/lazy-parts.tsx fetches
 * each when the page is idle), a new instance renders at once: React.lazy alone would still suspend for a tick and show the fallback.
 * An instance keeps the way it started for its whole life, so its state survives the load.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // tried again on next use
        throw error;
      },
    );
    return pending;
  };
  const Deferred = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Deferred {...props} />
      </Suspense>
    );
  }
  return { Part, preload };
}
