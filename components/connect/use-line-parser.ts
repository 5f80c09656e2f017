"use client";

import { useEffect, useState } from "react";
import type { parseLine } from "./parse-line";

let loaded: typeof parseLine | null = null;
let loading: Promise<typeof parseLine> | null = null;

/** Starts loading the parser (the page calls it once the first screen is up). */
export function loadLineParser(): Promise<typeof parseLine> {
  loading ??= import("./parse-line").then((m) => (loaded = m.parseLine));
  return loading;
}

/** The line parser once loaded (at once on every later use), null until then; loading starts on mount. */
export function useLineParser(): typeof parseLine | null {
  const [parser, setParser] = useState<typeof parseLine | null>(() => loaded);
  useEffect(() => {
    if (parser) return;
    let live = true;
    void loadLineParser().then((p) => {
      if (live) setParser(() => p);
    });
    return () => {
      live = false;
    };
  }, [parser]);
  return parser;
}
