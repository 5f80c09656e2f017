"use client";

import { EmptyState } from "@/components/ui/empty-state";
import type { SessionSummary } from "@/lib/api/contract";
import { ResourceViewer } from "./lazy-parts";

export interface ViewerColumnProps {
  session: SessionSummary | undefined;
  uri: string | null;
}

/** The right column: always the "Resource content" region, with the read resource or a hint. */
export function ViewerColumn({ session, uri }: ViewerColumnProps) {
  let body;
  if (!session || !uri) {
    body = <EmptyState title="Nothing selected">Pick a resource in the tree to read it.</EmptyState>;
  } else if (session.status === "connecting") {
    body = <EmptyState title="Waiting for the server">{session.name} is still starting.</EmptyState>;
  } else if (session.status === "disconnected") {
    body = (
      <EmptyState title="The server is disconnected">
        {session.name} stopped; its error and stderr are shown beside the resource list.
      </EmptyState>
    );
  } else if (!session.capabilities?.resources) {
    body = <EmptyState title="This server does not offer resources" />;
  } else {
    body = <ResourceViewer key={`${session.id} ${uri}`} session={session} uri={uri} />;
  }
  return (
    <section
      aria-label="Resource content"
      className="scrollbar-thin min-h-0 min-w-0 overflow-y-auto bg-white"
    >
      {body}
    </section>
  );
}
