"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { lazyPart, type LazyPart } from "@/components/ui/lazy-part";
import { Spinner } from "@/components/ui/spinner";
import { startupFailureCard } from "@/components/server-list/lazy-startup-failure-card";

/**
 * The parts of the page the first screen does not show: each loads on first use, and all of them
 * are fetched one after another once the first screen is idle, so a first click seldom waits.
 * The first screen itself (connect box, server list) ships in the page's own chunk: `npm run bench --
 * page` prints its size against its goal. The resource tree (its virtualizer and fuzzy filter) is
 * fetched first of all, before a user can have pasted a server.
 */

function Loading({ label }: { label: string }) {
  return (
    <div className="p-3">
      <Spinner label={label} />
    </div>
  );
}

const resourceTree = lazyPart(
  () => import("@/components/resource-tree/resource-tree").then((m) => m.ResourceTree),
  <Loading label="Loading the tree…" />,
);
const viewer = lazyPart(
  () => import("@/components/resource-viewer/resource-viewer").then((m) => m.ResourceViewer),
  <Loading label="Loading the viewer…" />,
);
const templates = lazyPart(
  () => import("@/components/templates/template-list").then((m) => m.TemplateList),
  <Loading label="Loading templates…" />,
);
const serverPanel = lazyPart(() => import("@/components/traffic/server-panel").then((m) => m.ServerPanel));
const recorderDock = lazyPart(() => import("@/components/check/recorder-dock").then((m) => m.RecorderDock));
const runChecks = lazyPart(() =>
  import("@/components/check/run-checks-launcher").then((m) => m.RunChecksLauncher),
);
const recordControl = lazyPart(() =>
  import("@/components/check/record-control").then((m) => m.RecordControl),
);
const captureControl = lazyPart(() =>
  import("@/components/capture/capture-control").then((m) => m.CaptureControl),
);
const compareView = lazyPart(
  () => import("@/components/compare/compare-view").then((m) => m.CompareView),
  <Loading label="Loading Compare…" />,
);
const lastBuildView = lazyPart(
  () => import("@/components/compare/last-build-view").then((m) => m.LastBuildView),
  <Loading label="Loading the comparison…" />,
);
const reviewFallback = <Loading label="Preparing the review…" />;
const launchPreview = lazyPart(
  () => import("@/components/connect/launch-preview").then((m) => m.LaunchPreview),
  reviewFallback,
);
const urlReview = lazyPart(
  () => import("@/components/connect/url-review").then((m) => m.UrlReview),
  reviewFallback,
);
const importReview = lazyPart(
  () => import("@/components/connect/import-review").then((m) => m.ImportReview),
  <Loading label="Reading the config…" />,
);

export const ResourceTree = resourceTree.Part;
export const ResourceViewer = viewer.Part;
export const TemplateList = templates.Part;
export const ServerPanel = serverPanel.Part;
export const RecorderDock = recorderDock.Part;
export const RunChecksLauncher = runChecks.Part;
export const RecordControl = recordControl.Part;
export const CaptureControl = captureControl.Part;
export const LaunchPreview = launchPreview.Part;
export const UrlReview = urlReview.Part;
export const ImportReview = importReview.Part;
export const CompareView = compareView.Part;
export const LastBuildView = lastBuildView.Part;

/** Not a part: the markdown parser, run once on a sample so the first document opens faster. */
const markdownWarmUp = {
  preload: () => import("@/components/renderers/markdown-view").then((m) => m.warmMarkdown()),
};

/** In the order a user is likely to need them, after the tree: the review, the viewer, then the rest. */
const prefetchOrder: Pick<LazyPart<never>, "preload">[] = [
  launchPreview,
  startupFailureCard,
  viewer,
  markdownWarmUp,
  templates,
  recordControl,
  captureControl,
  urlReview,
  serverPanel,
  recorderDock,
  runChecks,
  importReview,
  compareView,
  lastBuildView,
];

/** Every part now (tests that render them at once use this). */
export async function preloadLazyParts(): Promise<void> {
  await Promise.all([resourceTree, ...prefetchOrder].map((part) => part.preload()));
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    // A busy page still gets them soon: the first screen is up, these only compete with the user.
    const id = requestIdleCallback(run, { timeout: 300 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/**
 * Fetches and evaluates every lazy part after the first screen is shown: the tree at once (a
 * session may already be open, or about to be, and the connect's answer needs it), the rest one per
 * idle period. Not while the page has a mutation in flight (a connect, a capture opened, an import):
 * evaluating a part is a long task (the viewer's ~50 ms, markdown's more on a busy machine), and the
 * connect's answer, its tree, must not wait behind one (issue 34: paste → list). The chain resumes
 * when the last one settles.
 */
export function usePrefetchLazyParts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    resourceTree.preload().catch(() => {}); // a failure is retried, and shown, where it is used
    let cancelled = false;
    let cancelWait = () => {};
    const next = (i: number) => {
      const part = prefetchOrder[i];
      if (cancelled || !part) return;
      if (queryClient.isMutating() > 0) {
        const unsubscribe = queryClient.getMutationCache().subscribe(() => {
          if (queryClient.isMutating() > 0) return;
          unsubscribe();
          next(i);
        });
        cancelWait = unsubscribe;
        return;
      }
      cancelWait = whenIdle(() => {
        // Started while this part waited for an idle period: wait for it instead.
        if (queryClient.isMutating() > 0) return next(i);
        // A part that fails to load here is retried (and its error shown) where it is used.
        part.preload().then(
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
  }, [queryClient]);
}
