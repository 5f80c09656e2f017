"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useResources } from "@/components/resource-tree/use-resources";
import { ErrorCallout } from "@/components/ui/error-callout";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import type { SessionSummary } from "@/lib/contract";
import { queryKeys } from "@/lib/queries";
import { displayName } from "@/lib/uri-tree";
import { ContentItem } from "./content-item";
import { CopyButton } from "./copy-button";
import { ResourceMetadata } from "./resource-metadata";
import { useReadResource } from "./use-read-resource";

export interface ResourceViewerProps {
  session: SessionSummary;
  uri: string;
}

/** Reads one resource of a connected server and shows its metadata and every content item. */
export function ResourceViewer({ session, uri }: ResourceViewerProps) {
  const queryClient = useQueryClient();
  const read = useReadResource(session.id, uri, true);
  // Same key as the tree's list: served from the cache, no second request.
  const list = useResources(session.id, true);
  const resource = list.data?.resources.find((r) => r.uri === uri);
  const contents = read.data?.contents ?? [];

  const reRead = () => void queryClient.invalidateQueries({ queryKey: queryKeys.read(session.id, uri) });

  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex flex-col gap-1.5">
        <h2 className="text-base font-semibold break-words text-zinc-900">
          {resource ? displayName(resource) : uri}
        </h2>
        <div className="flex items-start gap-2">
          <code className="min-w-0 flex-1 rounded border border-zinc-200 bg-white px-2 py-1 font-mono text-xs break-all text-zinc-800">
            {uri}
          </code>
          <CopyButton text={uri} label="Copy URI" />
          <button
            type="button"
            onClick={reRead}
            disabled={read.isFetching}
            className="shrink-0 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[11px] font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-50"
          >
            {read.isFetching && !read.isPending ? "Reading…" : "Re-read"}
          </button>
        </div>
      </div>

      <ResourceMetadata resource={resource} readMeta={read.data?._meta} />

      <div className="flex flex-col gap-3">
        {read.isPending ? (
          <Spinner label="Reading…" />
        ) : read.isError ? (
          <ErrorCallout
            title="Could not read this resource"
            message={read.error.message}
            mcpCode={isApiError(read.error) ? read.error.mcpCode : undefined}
          />
        ) : contents.length === 0 ? (
          <p className="text-xs text-zinc-500">The server returned no contents for this resource.</p>
        ) : (
          contents.map((item, index) => (
            <ContentItem
              key={index}
              sessionId={session.id}
              readUri={uri}
              index={index}
              item={item}
              listedMimeType={resource?.mimeType}
              showUri={contents.length > 1 || item.uri !== uri}
            />
          ))
        )}
      </div>
    </div>
  );
}
