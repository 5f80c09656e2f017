import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { withViewport } from "@/components/testing/layout";
import { renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { ResourceListResponse, TemplateListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { preloadLazyParts } from "./lazy-parts";
import { ResourcesPane } from "./resources-pane";

withViewport(400, 600);
// The template list is loaded on first use in the app; here it is in before the pane renders.
beforeAll(preloadLazyParts);
const api = stubApi();

const session = stdioSession();
const RESOURCES: ResourceListResponse = {
  resources: [
    { uri: "demo://docs/readme.md", name: "readme.md" },
    { uri: "demo://docs/guide.md", name: "guide.md" },
  ],
  pages: 1,
};
const TEMPLATES: TemplateListResponse = {
  resourceTemplates: [{ uriTemplate: "demo://users/{id}", name: "user" }],
  pages: 1,
};

function showPane(lists: { resources?: ResourceListResponse; templates?: TemplateListResponse }) {
  const onSelectResource = vi.fn<(uri: string) => void>();
  const user = userEvent.setup();
  renderWithQueries(
    <ResourcesPane session={session} selectedUri={null} onSelectResource={onSelectResource} />,
    (c) => {
      if (lists.resources) c.setQueryData(queryKeys.resources(session.id), lists.resources);
      if (lists.templates) c.setQueryData(queryKeys.templates(session.id), lists.templates);
    },
  );
  return { user, onSelectResource };
}

describe("ResourcesPane", () => {
  it("shows the listed resources as a tree, counted, and opens the one clicked", async () => {
    const { user, onSelectResource } = showPane({ resources: RESOURCES, templates: TEMPLATES });
    expect(screen.getByTitle("1 page of resources/list").textContent).toBe("2");
    const tree = screen.getByRole("tree", { name: "Resources" });
    expect(tree).toBeTruthy();
    await user.click(screen.getByRole("treeitem", { name: "guide.md" }));
    expect(onSelectResource).toHaveBeenCalledWith("demo://docs/guide.md");
  });

  it("says so when the server lists no resources", () => {
    showPane({ resources: { resources: [], pages: 1 }, templates: TEMPLATES });
    expect(screen.getByText("No resources listed")).toBeTruthy();
  });

  it("keeps the last tree under the error when re-listing fails, while failed templates replace theirs", async () => {
    // No token: the reload's requests fail before the network, as they would with a dead backend.
    const { user } = showPane({ resources: RESOURCES, templates: TEMPLATES });
    expect(screen.getByRole("region", { name: "Templates" }).textContent).toContain("user");
    await user.click(screen.getByRole("button", { name: "Reload resource list" }));
    await waitFor(() => expect(screen.getByText("Re-listing failed; showing the last list")).toBeTruthy());
    expect(screen.getByRole("treeitem", { name: "readme.md" })).toBeTruthy();
    expect(screen.getByText("resources/templates/list failed")).toBeTruthy();
  });

  it("shows each list's 2026-07-28 cache hints: one line when the pages agree, else page by page with notes", () => {
    const at = Date.now();
    showPane({
      resources: {
        ...RESOURCES,
        ttlMs: 2_000,
        cacheScope: "public",
        receivedAt: at,
        pageHints: [{ ttlMs: 2_000, cacheScope: "public", receivedAt: at }],
      },
      templates: {
        ...TEMPLATES,
        pages: 2,
        pageHints: [
          { ttlMs: 60_000, cacheScope: "private", receivedAt: at },
          {
            cacheScope: "private",
            receivedAt: at,
            hintNotes: ["ttlMs -5 is not a number of milliseconds ≥ 0; it was ignored."],
          },
        ],
      },
    });
    const resources = screen.getByRole("group", { name: "resources/list cache hints" });
    expect(resources.textContent).toMatch(/^ttlMs 2,000 · cacheScope public · fresh until \d\d:\d\d:\d\d$/);
    const templates = screen.getByRole("group", { name: "resources/templates/list cache hints" });
    expect(templates.textContent).toContain("cache hints differ by page (2 pages)");
    expect(templates.textContent).toContain("page 1: ttlMs 60,000 · cacheScope private · fresh until");
    expect(templates.textContent).toContain("page 2: cacheScope private");
    expect(screen.getByRole("note").textContent).toBe(
      "ttlMs -5 is not a number of milliseconds ≥ 0; it was ignored.",
    );
  });

  it("shows no cache hints for a legacy-era list", () => {
    showPane({ resources: RESOURCES, templates: TEMPLATES });
    expect(screen.queryByRole("group", { name: /cache hints/ })).toBeNull();
  });

  it("names the JSON-RPC error code when templates/list failed", async () => {
    api.serve({
      [`GET /api/sessions/${session.id}/templates`]: {
        status: 502,
        code: "mcp_error",
        message: "Method not found",
        mcpCode: -32601,
      },
    });
    showPane({ resources: RESOURCES });
    expect(screen.getByText("Listing templates…")).toBeTruthy();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("resources/templates/list failed");
    expect(alert.textContent).toContain("MCP error -32601");
    expect(alert.textContent).toContain("Method not found");
  });
});
