"use client";

import { lazyPart } from "@/components/ui/lazy-part";

/** Shown only when a server did not start: loaded then, or once the page is idle (lazy-parts.tsx). */
export const startupFailureCard = lazyPart(() =>
  import("./startup-failure-card").then((m) => m.StartupFailureCard),
);
