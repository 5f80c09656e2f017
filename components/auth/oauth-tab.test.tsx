import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { httpSession } from "@/components/testing/sessions";
import type { SessionListResponse, SessionSummary } from "@/lib/api/contract";
import type { AuthStateResponse, OAuthStatus } from "@/lib/api/oauth";
import { queryKeys } from "@/lib/api/queries";
import { OAuthTab } from "./oauth-tab";

const api = stubApi();

const state = (status: OAuthStatus): AuthStateResponse => ({
  status,
  remember: false,
  steps: 2,
  clientId: "client-42",
  scope: "resources:read",
  expiresAt: null,
  log: [
    { at: "2026-01-02T03:04:05.000Z", kind: "info", text: "GET /.well-known/oauth-protected-resource → 200" },
    { at: "2026-01-02T03:04:06.000Z", kind: "error", text: "token endpoint answered 400 invalid_grant" },
  ],
});

function showTab(status: OAuthStatus) {
  const session = httpSession({ auth: { status, remember: false, steps: 2 } });
  const user = userEvent.setup();
  const view = renderWithQueries(<OAuthTab session={session} />, (c) => {
    c.setQueryDefaults(queryKeys.auth(session.id), { staleTime: Infinity });
    c.setQueryData(queryKeys.auth(session.id), state(status));
    c.setQueryData<SessionListResponse>(queryKeys.sessions(), { sessions: [session] });
  });
  return { user, session, ...view };
}

describe("OAuthTab", () => {
  it("shows where the flow stands and every step it took", () => {
    showTab("needs-sign-in");
    const facts = screen.getByText("Status").closest("dl")!.textContent;
    expect(facts).toContain("StatusNeeds sign-in");
    expect(facts).toContain("Client idclient-42");
    expect(facts).toContain("Scoperesources:read");
    expect(facts).toContain("Token expires—");
    expect(facts).toContain("Tokens keptin memory only");
    const steps = within(screen.getByRole("list", { name: "Sign-in steps" })).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/•.*GET \/\.well-known\/oauth-protected-resource → 200$/),
      expect.stringMatching(/✕.*token endpoint answered 400 invalid_grant$/),
    ]);
  });

  it("offers Sign in while the server needs it, Sign out once signed in, and neither otherwise", () => {
    const first = showTab("needs-sign-in");
    expect(screen.getByRole("button", { name: "Sign in" }).title).toBe(
      "Sign in to remote on its authorization server; you come back here afterwards",
    );
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    first.unmount();
    const second = showTab("signed-in");
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
    second.unmount();
    showTab("none");
    expect(screen.queryAllByRole("button")).toEqual([]);
  });

  it("signs out: the server's new summary replaces it in the session list, and its steps are fetched again", async () => {
    const { user, session, client } = showTab("signed-in");
    const after: SessionSummary = {
      ...session,
      status: "disconnected",
      auth: { status: "none", remember: false, steps: 3 },
    };
    api.serve({
      [`POST /api/sessions/${session.id}/auth/sign-out`]: { json: after },
      [`GET /api/sessions/${session.id}/auth`]: { json: { ...state("none"), steps: 3 } },
    });
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.getByText("Not asked for sign-in")).toBeTruthy());
    expect(client.getQueryData<SessionListResponse>(queryKeys.sessions())?.sessions).toEqual([after]);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/sessions/${session.id}/auth/sign-out`,
      `GET /api/sessions/${session.id}/auth`,
    ]);
  });

  it("says why signing out failed, and keeps the session as it was", async () => {
    const { user, session, client } = showTab("signed-in");
    api.serve({
      [`POST /api/sessions/${session.id}/auth/sign-out`]: {
        status: 500,
        code: "internal",
        message: "Could not forget the tokens.",
      },
    });
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not forget the tokens.");
    expect(client.getQueryData<SessionListResponse>(queryKeys.sessions())?.sessions).toEqual([session]);
  });
});
