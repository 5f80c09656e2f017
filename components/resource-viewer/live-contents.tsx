"use client";

import { ErrorCallout } from "@/components/ui/error-callout";
import { Spinner } from "@/components/ui/spinner";
import type { ListedFacts } from "@/components/renderers/content-entry";
import { isApiError } from "@/lib/api-client";
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
 * re-read fails (a removed resource, a crash), the last good content stays under the error.
 */
export function LiveContents({ sessionId, uri, listed }: LiveContentsProps) {
  const read = useReadResource(sessionId, uri, true);
  if (read.isPending) return <Spinner label="Reading…" />;
  const error = read.isError ? (
    <ErrorCallout
      title={read.data ? "Re-reading failed; showing the last content read" : "Could not read this resource"}
      message={read.error.message}
      mcpCode={isApiError(read.error) ? read.error.mcpCode : undefined}
    />
  ) : null;
  return (
    <>
      {error}
      {read.data && (
        <ContentList sessionId={sessionId} uri={uri} contents={read.data.contents} listed={listed} />
      )}
    </>
  );
}
