import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { httpSession } from "@/components/testing/sessions";
import { queryKeys } from "@/lib/api/queries";
import { SignInNotice } from "./sign-in-notice";

const api = stubApi();

const session = httpSession({
  status: "disconnected",
  error: { message: "The server answered 401 Unauthorized." },
  auth: { status: "needs-sign-in", remember: false, steps: 1 },
});
const signInRoute = `POST /api/sessions/${session.id}/auth/sign-in`;

function showNotice() {
  const user = userEvent.setup();
  const view = renderWithQueries(<SignInNotice session={session} />, (c) =>
    c.setQueryData(queryKeys.sessions(), { sessions: [session] }),
  );
  return { user, ...view };
}

const signIn = () => screen.getByRole("button", { name: "Sign in" });

describe("SignInNotice", () => {
  it("names the server that needs sign-in, what it answered, and where the steps are", () => {
    showNotice();
    const notice = screen.getByRole("region", { name: "Sign-in needed" });
    expect(notice.textContent).toContain("remote needs sign-in");
    expect(notice.textContent).toContain("The server answered 401 Unauthorized. You will be sent to its");
    expect(notice.textContent).toContain("server panel's Sign-in tab");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("never sends the tab to an authorization URL that is not a web address", async () => {
    api.serve({ [signInRoute]: { json: { authorizationUrl: "javascript:alert(document.cookie)" } } });
    const { user } = showNotice();
    const before = window.location.href;
    await user.click(signIn());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The authorization URL is not a web address.",
    );
    expect(window.location.href).toBe(before);
    expect(signIn()).toHaveProperty("disabled", false);
  });

  it("with tokens still good, connects without leaving: the session list goes stale", async () => {
    api.serve({ [signInRoute]: { json: { authorizationUrl: null } } });
    const { user, client } = showNotice();
    await user.click(signIn());
    await waitFor(() => expect(client.getQueryState(queryKeys.sessions())?.isInvalidated).toBe(true));
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([signInRoute]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says why a sign-in could not start", async () => {
    api.serve({
      [signInRoute]: {
        status: 502,
        code: "oauth_metadata",
        message: "No oauth-authorization-server metadata.",
      },
    });
    const { user } = showNotice();
    await user.click(signIn());
    expect((await screen.findByRole("alert")).textContent).toBe("No oauth-authorization-server metadata.");
  });
});
