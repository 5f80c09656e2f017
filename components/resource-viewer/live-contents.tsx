"use client";

import { isCancelledError, useQueryClient } from "@tanstack/react-query";
import { InFlightStatus } from "@/components/progress/in-flight-status";
import { ErrorCallout } from "@/components/ui/error-callout";
import { Spinner } from "@/components/ui/spinner";
import type { ListedFacts } from "@/components/renderers/content-entry";
import { isApiError } from "@/lib/api/api-client";
import { queryKeys } from "@/lib/api/queries";
import { slots } from "@/lib/api/tracked-request";
import { CancelledNotice } from "./cancelled-notice";
import { ContentList } from "./content-list";
import { useReadResource } from "./use-read-resource";

export interface LiveContentsProps {
  sessionId: string;
  uri: string;
  /** What the resource list said about `uri`, looked up once by the viewer. */
  listed: ListedFacts | undefined;
}

/**
 * The latest read of a resource. Live events invalidate it, so it changes without a click; when a
 * re-read fails (a removed resource, a crash), the last good content stays under the error. A
 * slow read shows the server's progress and, after a second, Cancel.
 */
export function LiveContents({ sessionId, uri, listed }: LiveContentsProps) {
  const queryClient = useQueryClient();
  const read = useReadResource(sessionId, uri, true);
  const readKey = queryKeys.read(sessionId, uri);
  // Not reverted: the query ends in a CancelledError, shown as such (Re-read reads again).
  const cancel = () => void queryClient.cancelQueries({ queryKey: readKey, exact: true }, { revert: false });
  const status = (
    <InFlightStatus sessionId={sessionId} slot={slots.read(uri)} label={`Reading ${uri}`} onCancel={cancel} />
  );
  if (read.isPending)
    return (
      <>
        <Spinner label="Reading…" />
        {status}
      </>
    );
  const error = !read.isError ? null : isCancelledError(read.error) ? (
    <CancelledNotice stale={read.data !== undefined} />
  ) : (
    <ErrorCallout
      title={
        read.data
          ? "Re-reading failed; showing the last content read"
          : // -32002, or -32602 naming the URI (server/http/errors.ts): the server has no such resource.
            isApiError(read.error) && read.error.code === "not_found"
            ? "Not found: the server has no resource at this URI"
            : "Could not read this resource"
      }
      message={read.error.message}
      mcpCode={isApiError(read.error) ? read.error.mcpCode : undefined}
    />
  );
  return (
    <>
      {read.isFetching && status}
      {error}
      {/* An input_required read has no contents to list: the form above says what it needs. */}
      {read.data && read.data.resultType !== "input_required" && (
        <ContentList sessionId={sessionId} uri={uri} contents={read.data.contents} listed={listed} />
      )}
    </>
  );
}
