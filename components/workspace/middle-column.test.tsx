import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { httpSession, stdioSession } from "@/components/testing/sessions";
import type { SessionListResponse, SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import type { SavedServerListResponse } from "@/lib/api/saved-servers";
import { MiddleColumn } from "./middle-column";

const api = stubApi();

function showColumn(
  session: SessionSummary | undefined,
  { missingServerId = null as string | null, saved = [] as SavedServerListResponse["servers"] } = {},
) {
  const onConnectSaved = vi.fn<(session: SessionSummary) => void>();
  const user = userEvent.setup();
  const view = renderWithQueries(
    <MiddleColumn
      session={session}
      missingServerId={missingServerId}
      onConnectSaved={onConnectSaved}
      sessionsLoaded
      selectedUri={null}
      onSelectResource={() => undefined}
    />,
    (c) => {
      c.setQueryData<SessionListResponse>(queryKeys.sessions(), { sessions: session ? [session] : [] });
      // What the test seeds stays fresh: in the app these lists refetch when stale.
      c.setQueryDefaults(queryKeys.savedServers(), { staleTime: Infinity });
      c.setQueryData<SavedServerListResponse>(queryKeys.savedServers(), { servers: saved });
      if (session) {
        c.setQueryDefaults(queryKeys.stderr(session.id), { staleTime: Infinity });
        c.setQueryData(queryKeys.stderr(session.id), { lines: ["Error: EADDRINUSE"], dropped: 0 });
      }
    },
  );
  return { user, onConnectSaved, ...view };
}

const down = stdioSession({
  status: "disconnected",
  error: { message: "The server exited with code 1.", exitCode: 1 },
});

describe("MiddleColumn", () => {
  it("says what to do when no server is selected", () => {
    showColumn(undefined);
    expect(screen.getByText("No server selected")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Resources" })).toBeTruthy();
  });

  it("shows a server that is still starting as such", () => {
    showColumn(stdioSession({ status: "connecting" }));
    expect(screen.getByRole("status").textContent).toBe("Starting demo…");
  });

  it("says a server without the resources capability has nothing to list", () => {
    showColumn(stdioSession({ capabilities: { tools: {} } }));
    expect(screen.getByText("This server does not offer resources")).toBeTruthy();
  });

  it("shows why a server is gone and what it last wrote to stderr", () => {
    showColumn(down);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("demo is disconnected");
    expect(alert.textContent).toContain("The server exited with code 1.");
    expect(screen.getByText("Error: EADDRINUSE")).toBeTruthy();
  });

  it("reconnects a gone server: its new summary replaces it in the session list", async () => {
    const back = stdioSession();
    api.serve({
      [`POST /api/sessions/${down.id}/reconnect`]: { json: back },
      [`GET /api/sessions/${down.id}/stderr`]: { json: { lines: [], dropped: 0 } },
    });
    const { user, client } = showColumn(down);
    await user.click(screen.getByRole("button", { name: "Reconnect" }));
    await waitFor(() =>
      expect(client.getQueryData<SessionListResponse>(queryKeys.sessions())?.sessions).toEqual([back]),
    );
    expect(api.requests[0]).toMatchObject({ method: "POST", path: `/api/sessions/${down.id}/reconnect` });
  });

  it("says beside Reconnect why it failed", async () => {
    api.serve({
      [`POST /api/sessions/${down.id}/reconnect`]: {
        status: 409,
        code: "conflict",
        message: "Already running.",
      },
    });
    const { user } = showColumn(down);
    await user.click(screen.getByRole("button", { name: "Reconnect" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("Already running."),
    );
    expect(screen.getByRole("button", { name: "Reconnect" })).toHaveProperty("disabled", false);
  });

  it("asks a remote server that wants OAuth to sign in, instead of calling it disconnected", () => {
    showColumn(
      httpSession({ status: "disconnected", auth: { status: "needs-sign-in", remember: false, steps: 0 } }),
    );
    expect(screen.getByRole("region", { name: "Sign-in needed" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
  });

  it("offers one click to connect a saved server a link names, and never connects by itself", async () => {
    const created = stdioSession({ id: "s9", name: "notes", capabilities: { tools: {} } });
    api.serve({ "POST /api/saved-servers/connect": { json: created } });
    const { user, onConnectSaved } = showColumn(undefined, {
      missingServerId: "notes",
      saved: [
        {
          name: "notes",
          launch: { kind: "stdio", program: "npx", args: ["notes-mcp", "--dir", "~/notes"], envNames: [] },
          variables: [],
          stored: [],
          savedAt: new Date(0).toISOString(),
        },
      ],
    });
    expect(screen.getByText("notes is a saved server that is not connected.")).toBeTruthy();
    expect(screen.getByText("npx notes-mcp --dir ~/notes")).toBeTruthy();
    expect(api.requests).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Connect notes" }));
    await waitFor(() => expect(onConnectSaved).toHaveBeenCalledWith(created));
    expect(api.requests[0]).toMatchObject({ path: "/api/saved-servers/connect", body: { name: "notes" } });
  });

  it("says a server a link names no longer exists when it is not a saved one", () => {
    showColumn(undefined, { missingServerId: "gone" });
    expect(screen.getByText("This server session no longer exists")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
