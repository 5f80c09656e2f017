"use client";

import { ListWarnings } from "@/components/resource-tree/list-warnings";
import { isCancelledError, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { TreeMarksContext } from "@/components/events/tree-marks-context";
import { UndeclaredNote } from "@/components/events/undeclared-note";
import { useExpireNewMarks } from "@/components/events/use-expire-new-marks";
import { ListWalkStatus } from "@/components/progress/list-walk-status";
import { useResources } from "@/components/resource-tree/use-resources";
import { useTemplates } from "@/components/templates/use-templates";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorCallout } from "@/components/ui/error-callout";
import { PaneHeader } from "@/components/ui/pane-header";
import { QueryState } from "@/components/ui/query-state";
import { Spinner } from "@/components/ui/spinner";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { isApiError } from "@/lib/api/api-client";
import type { SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { slots } from "@/lib/api/tracked-request";
import { buildResourceTree } from "@/lib/resources/uri-tree";
import { ResourceTree, TemplateList } from "./lazy-parts";
import { ListCacheHints } from "./list-cache-hints";

export interface ResourcesPaneProps {
  session: SessionSummary;
  selectedUri: string | null;
  onSelectResource: (uri: string) => void;
}

/** Middle column for a connected server that offers resources: the tree, then the templates. */
export function ResourcesPane({ session, selectedUri, onSelectResource }: ResourcesPaneProps) {
  const queryClient = useQueryClient();
  const resources = useResources(session.id, true);
  const templates = useTemplates(session.id, true);
  const tree = useMemo(
    () => (resources.data ? buildResourceTree(resources.data.resources) : null),
    [resources.data],
  );
  const reloading = resources.isFetching || templates.isFetching;
  useExpireNewMarks(session.id);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.resources(session.id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.templates(session.id) });
  };

  return (
    <>
      <PaneHeader id="resources-heading" title="Resources">
        <span className="flex items-center gap-2 text-[11px] text-zinc-400">
          {resources.data && (
            <span
              title={`${resources.data.pages} ${resources.data.pages === 1 ? "page" : "pages"} of resources/list`}
            >
              {resources.data.resources.length}
            </span>
          )}
          <button
            type="button"
            onClick={reload}
            disabled={reloading}
            aria-label="Reload resource list"
            title="Reload resource list"
            className="rounded p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 disabled:opacity-40"
          >
            <StrokeIcon
              d="M13.5 8A5.5 5.5 0 1 1 11.9 4.1M13.5 2v3h-3"
              strokeWidth="1.5"
              className={`size-3.5 ${reloading ? "animate-spin" : ""}`}
            />
          </button>
        </span>
      </PaneHeader>
      {resources.data && <ListCacheHints list={resources.data} method="resources/list" />}
      <UndeclaredNote sessionId={session.id} total={session.undeclaredNotifications} />
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">
        {resources.isPending && (
          <div className="p-3">
            <Spinner label="Listing resources…" />
          </div>
        )}
        {resources.isFetching && (
          <ListWalkStatus
            sessionId={session.id}
            slot={slots.resources}
            label="Listing resources"
            queryKey={queryKeys.resources(session.id)}
          />
        )}
        {resources.isError && (
          <div className="p-2">
            <ErrorCallout
              title={resources.data ? "Re-listing failed; showing the last list" : "resources/list failed"}
              message={isCancelledError(resources.error) ? "Cancelled." : resources.error.message}
              mcpCode={isApiError(resources.error) ? resources.error.mcpCode : undefined}
            />
          </div>
        )}
        <ListWarnings warnings={resources.data?.warnings} label="Listing warnings" />
        {/* The tree stays mounted across re-lists (a failed one included): expansion, focus and
            scroll survive list_changed. */}
        {tree && tree.length > 0 ? (
          <TreeMarksContext value={session.id}>
            <ResourceTree
              key={session.id}
              tree={tree}
              selectedUri={selectedUri}
              onSelect={onSelectResource}
              label="Resources"
              rememberAs={session.id}
            />
          </TreeMarksContext>
        ) : (
          tree && (
            <EmptyState title="No resources listed">
              The server answered resources/list with an empty list.
            </EmptyState>
          )
        )}

        <div className="mt-2 border-t border-zinc-200">
          <PaneHeader id="templates-heading" title="Templates">
            {templates.data && (
              <span className="text-[11px] text-zinc-400">{templates.data.resourceTemplates.length}</span>
            )}
          </PaneHeader>
        </div>
        {templates.data && <ListCacheHints list={templates.data} method="resources/templates/list" />}
        <ListWarnings warnings={templates.data?.warnings} label="Template listing warnings" />
        <section aria-labelledby="templates-heading">
          <QueryState
            query={templates}
            pendingLabel="Listing templates…"
            errorTitle="resources/templates/list failed"
            mcpCode
            inset
          >
            {/* Also with no templates: it holds the "Open URI" box (templates/template-list.tsx). */}
            {(data) => <TemplateList session={session} templates={data.resourceTemplates} />}
          </QueryState>
        </section>
      </div>
    </>
  );
}
