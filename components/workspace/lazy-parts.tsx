"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { Spinner } from "@/components/ui/spinner";

/**
 * The parts of the page the first screen does not show: each loads on first use, and all of them
 * are fetched one after another once the first screen is idle, so a first click seldom waits.
 * The first screen itself (connect box, server list, resource tree) ships in the page's own chunk:
 * `npm run bench -- page` prints its size against the 200 KB goal.
 *
 * Each `import()` is written twice, once in the `dynamic()` call and once in `prefetchers`:
 * the bundler resolves both to the same chunk, and a module is evaluated once.
 */

function Loading({ label }: { label: string }) {
  return (
    <div className="p-3">
      <Spinner label={label} />
    </div>
  );
}

export const ResourceViewer = dynamic(
  () => import("@/components/resource-viewer/resource-viewer").then((m) => m.ResourceViewer),
  { ssr: false, loading: () => <Loading label="Loading the viewer…" /> },
);

export const TemplateList = dynamic(
  () => import("@/components/templates/template-list").then((m) => m.TemplateList),
  { ssr: false, loading: () => <Loading label="Loading templates…" /> },
);

export const ServerPanel = dynamic(
  () => import("@/components/traffic/server-panel").then((m) => m.ServerPanel),
  {
    ssr: false,
  },
);

export const RecorderDock = dynamic(
  () => import("@/components/recorder/recorder-dock").then((m) => m.RecorderDock),
  { ssr: false },
);

export const RunChecksLauncher = dynamic(
  () => import("@/components/recorder/run-checks-launcher").then((m) => m.RunChecksLauncher),
  { ssr: false },
);

export const RecordControl = dynamic(
  () => import("@/components/recorder/record-control").then((m) => m.RecordControl),
  { ssr: false },
);

export const LaunchPreview = dynamic(
  () => import("@/components/connect/launch-preview").then((m) => m.LaunchPreview),
  { ssr: false, loading: () => <Loading label="Preparing the review…" /> },
);

export const UrlReview = dynamic(() => import("@/components/connect/url-review").then((m) => m.UrlReview), {
  ssr: false,
  loading: () => <Loading label="Preparing the review…" />,
});

export const ImportReview = dynamic(
  () => import("@/components/connect/import-review").then((m) => m.ImportReview),
  { ssr: false, loading: () => <Loading label="Reading the config…" /> },
);

/** In the order a user is likely to need them: the review, the viewer, then the rest. */
const prefetchers: (() => Promise<unknown>)[] = [
  () => import("@/components/connect/launch-preview"),
  () => import("@/components/connect/url-review"),
  () => import("@/components/recorder/record-control"),
  () => import("@/components/resource-viewer/resource-viewer"),
  () => import("@/components/templates/template-list"),
  () => import("@/components/traffic/server-panel"),
  () => import("@/components/recorder/recorder-dock"),
  () => import("@/components/recorder/run-checks-launcher"),
  () => import("@/components/connect/import-review"),
];

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/** Fetches and evaluates every lazy part, one per idle period, after the first screen is shown. */
export function usePrefetchLazyParts(): void {
  useEffect(() => {
    let cancelled = false;
    let cancelWait = () => {};
    const next = (i: number) => {
      const prefetch = prefetchers[i];
      if (cancelled || !prefetch) return;
      cancelWait = whenIdle(() => {
        // A part that fails to load here is retried (and its error shown) where it is used.
        prefetch().then(
          () => next(i + 1),
          () => next(i + 1),
        );
      });
    };
    next(0);
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, []);
}
