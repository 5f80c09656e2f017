import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithQueries } from "@/components/testing/query-client";
import { queryKeys } from "@/lib/api/queries";
import { AuthGate } from "./auth-gate";
import { rejectToken, TOKEN_STORAGE_KEY, writeToken } from "./api-token";

// The store is module state: an empty token is "none known" and clears a refusal, as at start.
beforeEach(() => writeToken(""));
afterEach(() => window.history.replaceState(null, "", "/"));

function showGate() {
  const user = userEvent.setup();
  const view = renderWithQueries(
    <AuthGate>
      <p>the inspector</p>
    </AuthGate>,
  );
  return { user, ...view };
}

const tokenBox = () => screen.getByLabelText("Access token");
const app = () => screen.queryByText("the inspector");

describe("AuthGate", () => {
  it("asks for the access token while none is known, Continue waiting for one", async () => {
    const { user } = showGate();
    expect(screen.getByRole("heading", { name: "Access token needed" })).toBeTruthy();
    expect(app()).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(tokenBox().getAttribute("type")).toBe("password");
    const next = screen.getByRole("button", { name: "Continue" });
    expect(next).toHaveProperty("disabled", true);
    await user.type(tokenBox(), "   ");
    expect(next).toHaveProperty("disabled", true);
  });

  it("keeps a typed token for the tab, opens the app and drops what was cached without it", async () => {
    const { user, client } = showGate();
    client.setQueryData(queryKeys.sessions(), { sessions: [] });
    await user.type(tokenBox(), "  tok-123 {Enter}");
    expect(app()).toBeTruthy();
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe("tok-123");
    expect(client.getQueryData(queryKeys.sessions())).toBeUndefined();
  });

  it("forgets a token the backend refused and says so", () => {
    writeToken("stale");
    showGate();
    expect(app()).toBeTruthy();
    act(() => rejectToken());
    expect(app()).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe(
      "That token was not accepted. The inspector prints a new one each time it starts.",
    );
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("moves a token in the link into storage and out of the address bar, keeping the rest", () => {
    window.history.replaceState(null, "", "/?server=demo&token=from-link#top");
    showGate();
    expect(app()).toBeTruthy();
    expect(window.location.search).toBe("?server=demo");
    expect(window.location.hash).toBe("#top");
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe("from-link");
  });
});
