"use client";

import { SignInNotice } from "@/components/auth/sign-in-notice";
import { DisconnectedNotice } from "@/components/server-list/disconnected-notice";
import { EmptyState } from "@/components/ui/empty-state";
import { PaneHeader } from "@/components/ui/pane-header";
import { Spinner } from "@/components/ui/spinner";
import type { SessionSummary } from "@/lib/api/contract";
import { MissingServer } from "./missing-server";
import { ResourcesPane } from "./resources-pane";

export interface MiddleColumnProps {
  /** The selected session; undefined while none is selected or the selected one is unknown. */
  session: SessionSummary | undefined;
  /** The `server` URL parameter, when it names a session the backend does not know. */
  missingServerId: string | null;
  /** A saved server the URL names was connected (one click in the missing-server notice). */
  onConnectSaved: (session: SessionSummary) => void;
  sessionsLoaded: boolean;
  selectedUri: string | null;
  onSelectResource: (uri: string) => void;
}

/** Whatever the selected server can show in the middle: its resources, or why there are none. */
export function MiddleColumn({
  session,
  missingServerId,
  onConnectSaved,
  sessionsLoaded,
  selectedUri,
  onSelectResource,
}: MiddleColumnProps) {
  if (session?.status === "connected" && session.capabilities?.resources) {
    return <ResourcesPane session={session} selectedUri={selectedUri} onSelectResource={onSelectResource} />;
  }
  return (
    <>
      <PaneHeader id="resources-heading" title="Resources" />
      <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">
        {!sessionsLoaded ? null : !session ? (
          missingServerId ? (
            <MissingServer name={missingServerId} onConnected={onConnectSaved} />
          ) : (
            <EmptyState title="No server selected">
              Start the demo server or run your own to browse its resources.
            </EmptyState>
          )
        ) : session.status === "connecting" ? (
          <div className="p-3">
            <Spinner label={`Starting ${session.name}…`} />
          </div>
        ) : session.status === "disconnected" && session.auth?.status === "needs-sign-in" ? (
          <SignInNotice session={session} />
        ) : session.status === "disconnected" ? (
          <DisconnectedNotice session={session} />
        ) : (
          <EmptyState title="This server does not offer resources">
            {session.name} did not declare the resources capability when it connected, so there is nothing to
            list or read.
          </EmptyState>
        )}
      </div>
    </>
  );
}
