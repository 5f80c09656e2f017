"use client";

import { useEffect, useState } from "react";
import type { CacheHints } from "@/lib/api/contract";
import { freshUntil, freshness } from "@/lib/resources/cache-hints";

/** Longest wait setTimeout takes (2^31 − 1 ms); a later expiry is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * "fresh until 14:03:07", turning into "stale since 14:03:07" when that moment passes (one timer
 * for the moment, none once stale); null for hints without a ttlMs.
 */
export function useFreshness(hints: CacheHints | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  const until = hints ? freshUntil(hints) : null;
  useEffect(() => {
    if (until === null || until <= now) return;
    // The clock is read here, not in render: a new answer after a long idle still flips on time.
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(0, until - Date.now()) + 1, MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [until, now]);
  return hints ? freshness(hints, now) : null;
}
