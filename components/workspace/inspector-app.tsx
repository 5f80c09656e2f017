"use client";

import { use } from "react";
import { browser } from "react-dom";
import { AuthGate } from "@/components/auth/auth-gate";
import { EventStreamProvider } from "@/components/events/event-stream-provider";
import { Workspace } from "./workspace";

/**
 * Browser-only root: the token lives in sessionStorage, the selection in the URL. One event
 * stream per tab, opened once the token is known.
 */
export function InspectorApp() {
  use(browser("The access token is kept in sessionStorage, which only the browser has."));
  return (
    <AuthGate>
      <EventStreamProvider>
        <Workspace />
      </EventStreamProvider>
    </AuthGate>
  );
}
