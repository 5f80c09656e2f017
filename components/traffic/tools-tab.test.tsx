import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import type { ToolListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { ToolsTab } from "./tools-tab";

const api = stubApi();
const S = "s1";

const TOOLS: ToolListResponse = {
  tools: [
    {
      name: "touch",
      description: "Bump a resource's version",
      inputSchema: { type: "object", properties: { uri: { type: "string" } } },
    },
    { name: "reset", inputSchema: { type: "object" } },
  ],
};

function showTools(tools?: ToolListResponse, { connected = true, hasTools = true } = {}) {
  const user = userEvent.setup();
  renderWithQueries(<ToolsTab sessionId={S} connected={connected} hasTools={hasTools} />, (c) => {
    if (tools) c.setQueryData(queryKeys.tools(S), tools);
  });
  return { user };
}

const args = () => screen.getByRole("textbox", { name: "Arguments (JSON object)" });

describe("ToolsTab", () => {
  it("says a disconnected server cannot be called", () => {
    showTools(TOOLS, { connected: false });
    expect(screen.getByText("The server is not connected; reconnect it to call tools.")).toBeTruthy();
  });

  it("says the server did not declare tools", () => {
    showTools(TOOLS, { hasTools: false });
    expect(screen.getByText("This server did not declare the tools capability.")).toBeTruthy();
  });

  it("lists the tools, the first one chosen with its description and input schema", async () => {
    const { user } = showTools(TOOLS);
    const buttons = screen.getAllByRole("button", { name: /^(touch|reset)$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(["touch", "reset"]);
    expect(buttons[0]!.getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("heading", { name: "touch" })).toBeTruthy();
    expect(screen.getByText("Bump a resource's version")).toBeTruthy();
    await user.click(buttons[1]!);
    expect(screen.getByRole("heading", { name: "reset" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "reset" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "Call reset" })).toBeTruthy();
  });

  it("says so when the server lists no tools", () => {
    showTools({ tools: [] });
    expect(screen.getByText("The server lists no tools.")).toBeTruthy();
  });

  it("refuses arguments that are not a JSON object, and sends nothing", async () => {
    api.serve({});
    const { user } = showTools(TOOLS);
    await user.clear(args());
    await user.type(args(), "[[1]");
    await user.click(screen.getByRole("button", { name: "Call touch" }));
    expect(screen.getByRole("alert").textContent).toBe("The arguments must be a JSON object, e.g. {}.");
    await user.clear(args());
    await user.type(args(), "{{");
    await user.click(screen.getByRole("button", { name: "Call touch" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^Not JSON: /);
    expect(api.requests).toEqual([]);
  });

  it("calls the tool with the arguments and shows what it answered", async () => {
    api.serve({
      [`POST /api/sessions/${S}/tools`]: { json: { content: [{ type: "text", text: "bumped to v3" }] } },
    });
    const { user } = showTools(TOOLS);
    await user.clear(args());
    await user.type(args(), '{{"uri": "demo://a"}');
    await user.click(screen.getByRole("button", { name: "Call touch" }));
    expect(await screen.findByText("Result:")).toBeTruthy();
    expect(screen.getByText(/bumped to v3/)).toBeTruthy();
    expect(api.requests.map((r) => r.body)).toEqual([{ name: "touch", arguments: { uri: "demo://a" } }]);
  });

  it("says when the tool itself reported an error", async () => {
    api.serve({
      [`POST /api/sessions/${S}/tools`]: {
        json: { isError: true, content: [{ type: "text", text: "no such resource" }] },
      },
    });
    const { user } = showTools(TOOLS);
    await user.click(screen.getByRole("button", { name: "Call touch" }));
    expect(await screen.findByText("The tool reported an error:")).toBeTruthy();
  });

  it("shows why a call failed", async () => {
    api.serve({
      [`POST /api/sessions/${S}/tools`]: { status: 502, code: "mcp_error", message: "Unknown tool: touch" },
    });
    const { user } = showTools(TOOLS);
    await user.click(screen.getByRole("button", { name: "Call touch" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The call failed");
    expect(alert.textContent).toContain("Unknown tool: touch");
  });

  it("shows the listing's progress, then why tools/list failed", async () => {
    showTools();
    expect(screen.getByRole("status").textContent).toBe("Listing tools…");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("tools/list failed"));
  });
});
