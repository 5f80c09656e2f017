import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { SessionListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { preloadLazyParts } from "./lazy-parts";
import { Workspace } from "./workspace";

beforeAll(preloadLazyParts);
afterEach(() => window.history.replaceState(null, "", "/"));

// Servers without resources: the middle column says so, and nothing asks for a listing.
const DEMO = stdioSession({ id: "s1", name: "demo", capabilities: { tools: {} } });
const NOTES = stdioSession({ id: "s2", name: "notes", capabilities: { tools: {} } });
const GONE = stdioSession({
  id: "s3",
  name: "gone",
  status: "disconnected",
  error: { message: "The server exited with code 1.", exitCode: 1 },
});

/** The workspace as a link opens it: `search` is the page's query string. */
function openAt(search: string) {
  window.history.replaceState(null, "", `/${search}`);
  const user = userEvent.setup();
  renderWithQueries(<Workspace />, (c) => {
    c.setQueryDefaults(queryKeys.sessions(), { staleTime: Infinity, refetchInterval: false });
    c.setQueryData<SessionListResponse>(queryKeys.sessions(), { sessions: [DEMO, NOTES, GONE] });
  });
  return { user };
}

const servers = () => within(screen.getByRole("complementary", { name: "Servers" }));
const current = () =>
  servers()
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-current") === "true")
    .map((b) => b.textContent);

describe("Workspace", () => {
  it("shows the first server when the link names none, and counts the connected ones", () => {
    openAt("");
    expect(current()).toEqual(["demo"]);
    expect(screen.getByRole("banner").textContent).toContain("2 servers connected");
    expect(screen.getByRole("region", { name: "Server panel" }).textContent).toContain("demo");
  });

  it("selects the server a link names by its name", () => {
    openAt("?server=notes");
    expect(current()).toEqual(["notes"]);
  });

  it("selects a server by an older link's session id", () => {
    openAt("?server=s3");
    expect(current()).toEqual(["gone"]);
    expect(screen.getByRole("alert").textContent).toContain("gone is disconnected");
  });

  it("says a server the link names no longer exists, selecting none", () => {
    openAt("?server=ghost&uri=demo%3A%2F%2Fa");
    expect(current()).toEqual([]);
    expect(screen.getByText("This server session no longer exists")).toBeTruthy();
    expect(screen.getByText("Nothing selected")).toBeTruthy();
  });

  it("writes the chosen server's name into the address, dropping the resource of the last one", async () => {
    const { user } = openAt("?server=demo&uri=demo%3A%2F%2Fa");
    await user.click(servers().getByRole("button", { name: "notes" }));
    expect(window.location.search).toBe("?server=notes");
  });

  it("follows the address back and forward: a history step shows the server it names", async () => {
    const { user } = openAt("?server=demo");
    await user.click(servers().getByRole("button", { name: "notes" }));
    expect(current()).toEqual(["notes"]);
    // What the browser does on Back: the address changes first, then popstate.
    act(() => {
      window.history.replaceState(null, "", "/?server=demo");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(current()).toEqual(["demo"]);
  });

  it("reviews a pasted config across the two wide columns, not in the sidebar; Edit goes back keeping the text", async () => {
    const { user } = openAt("?server=demo");
    const config = JSON.stringify({ mcpServers: { a: { command: "node", args: ["a.js"] } } });
    const box = servers().getByRole("textbox", { name: "Server command or URL" });
    await user.click(box);
    await user.paste(config);
    await user.click(servers().getByRole("button", { name: "Review" }));
    const wide = screen.getByRole("region", { name: "Import a config" });
    expect(
      within(wide).getByRole("region", { name: "Review the servers in the config" }).textContent,
    ).toContain("Found 1 server");
    expect(servers().queryByRole("region", { name: "Review the servers in the config" })).toBeNull();
    // The columns it covers come back with Edit; the sidebar still holds the pasted text.
    expect(screen.queryByRole("region", { name: "Resource content" })).toBeNull();
    await user.click(within(wide).getByRole("button", { name: "Edit" }));
    expect(screen.queryByRole("region", { name: "Import a config" })).toBeNull();
    expect(screen.getByRole("region", { name: "Resource content" })).toBeTruthy();
    expect(servers().getByRole("textbox", { name: "Server command or URL" })).toHaveProperty("value", config);
  });
});
