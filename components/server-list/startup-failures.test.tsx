import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { StartupFailure } from "@/lib/api/startup";
import { ServerListPane } from "./server-list-pane";

const api = stubApi();

const failed: StartupFailure = {
  id: "fail-1",
  name: "github",
  launch: {
    kind: "stdio",
    program: "node",
    args: ["gh.js", "--verbose"],
    envNames: ["GITHUB_TOKEN"],
    cwd: "/w/proj",
  },
  reason: "The server exited with code 1 before it answered initialize.",
  stderrTail: ["Error: bad token"],
  canRetry: true,
  failedAt: "2026-01-01T00:00:00.000Z",
};
const skipped: StartupFailure = {
  id: "skip-1",
  name: "remote",
  launch: { kind: "http", url: "${BASE_URL}/mcp", transport: "auto", headerNames: [] },
  reason: 'server "remote" in .mcp.json: environment variable BASE_URL is not set',
  canRetry: false,
  failedAt: "2026-01-01T00:00:00.000Z",
};

function showPane(onConnected = vi.fn(), onEdit = vi.fn()) {
  const user = userEvent.setup();
  renderWithQueries(
    <ServerListPane
      sessions={[]}
      loadError={null}
      selectedId={null}
      onSelect={() => undefined}
      onDisconnected={() => undefined}
      onConnected={onConnected}
      onEdit={onEdit}
    />,
  );
  return { user, onConnected, onEdit };
}

describe("servers named on the command line that did not start", () => {
  it("show as cards with why and exactly what runs (env by name), not as 'No servers yet'; Edit fills the form", async () => {
    api.serve({ "GET /api/startup": { json: { failures: [failed, skipped] } } });
    const { user, onEdit } = showPane();
    const card = await screen.findByRole("article", { name: "github did not start" });
    expect(card.textContent).toContain("exited with code 1 before it answered initialize");
    const words = within(within(card).getByRole("list", { name: "github: command and arguments" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(words).toEqual(["node", "gh.js", "--verbose"]);
    expect(card.textContent).toContain("/w/proj");
    expect(card.textContent).toContain("Environment (values hidden): GITHUB_TOKEN");
    expect(card.textContent).toContain("stderr tail (1 line)");
    expect(screen.queryByText("No servers yet")).toBeNull();

    // One that could not be resolved: Edit, no Retry (it would fail the same way).
    const other = screen.getByRole("article", { name: "remote did not start" });
    expect(other.textContent).toContain("${BASE_URL}/mcp");
    expect(within(other).queryByRole("button", { name: "Retry remote" })).toBeNull();
    await user.click(within(other).getByRole("button", { name: "Edit remote" }));
    expect(onEdit).toHaveBeenCalledWith(
      JSON.stringify({ mcpServers: { remote: { url: "${BASE_URL}/mcp" } } }, null, 2),
    );
  });

  it("Retry connects it again: a failure stays with why; a success makes the card the session", async () => {
    // No resources: the adopted session asks for no listing here.
    const session = stdioSession({ id: "s-gh", name: "github", capabilities: { tools: {} } });
    let attempt = 0;
    let failures = [failed];
    api.serve({
      "GET /api/startup": () => ({ json: { failures } }),
      "POST /api/startup/fail-1/retry": () => {
        attempt += 1;
        if (attempt === 1) return { status: 502, code: "bad_gateway", message: "exited with code 1 again" };
        failures = [];
        return { json: session };
      },
    });
    const { user, onConnected } = showPane();
    await user.click(await screen.findByRole("button", { name: "Retry github" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Retry failed: exited with code 1 again");
    expect(onConnected).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Retry github" }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(expect.objectContaining({ id: "s-gh" })));
    await waitFor(() => expect(screen.queryByRole("article", { name: "github did not start" })).toBeNull());
    expect(api.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      "/api/startup/fail-1/retry",
      "/api/startup/fail-1/retry",
    ]);
  });
});
