import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { problemOf } from "@/components/testing/problems";
import { expectOnlySeededQueries, renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { ResourceListResponse, SessionSummary, TemplateListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { problemsKey } from "@/lib/lint/problem-queries";
import type { ProblemsResponse } from "@/lib/lint/problem";
import { HostMatrix } from "./host-matrix";
import { setHostServerName } from "./use-host-server-name";

expectOnlySeededQueries();

const session = stdioSession({ id: "matrix1", name: "demo" });
afterEach(() => setHostServerName(session.id, null));

function renderMatrix(s: SessionSummary = session, onShowProblems = vi.fn()) {
  renderWithQueries(<HostMatrix session={s} onShowProblems={onShowProblems} />, (client) => {
    client.setQueryData<ResourceListResponse>(queryKeys.resources(s.id), {
      resources: [
        { uri: "demo://docs/a.md", name: "a.md", description: "The first doc" },
        { uri: "demo://images/logo.png", name: "logo.png", mimeType: "image/png" },
      ],
      pages: 2,
    });
    client.setQueryData<TemplateListResponse>(queryKeys.templates(s.id), {
      resourceTemplates: [{ uriTemplate: "demo://users/{id}", name: "user" }],
      pages: 1,
    });
    // Polled every few seconds in the app; here the seeded answer is the one.
    client.setQueryDefaults(problemsKey(s.id), { staleTime: Infinity });
    client.setQueryData<ProblemsResponse>(problemsKey(s.id), {
      problems: [
        problemOf("duplicate-uri"),
        problemOf("host-uri-breaks-mention", ["gemini-cli"]),
        problemOf("host-templates-only", ["gemini-cli", "claude-code"]),
      ],
    });
  });
  return onShowProblems;
}

function row(host: string) {
  return screen.getByRole("rowheader", { name: new RegExp(`^${host}`) }).closest("tr")!;
}

describe("HostMatrix", () => {
  it("one row per host: what it reaches, templates, pages, blobs, and its problems", async () => {
    const onShowProblems = renderMatrix();
    const table = screen.getByRole("table", { name: "Host matrix" });
    expect(within(table).getAllByRole("row")).toHaveLength(5); // the head and four hosts

    const gemini = within(row("Gemini CLI"));
    expect(gemini.getByText("2 / 2")).toBeTruthy();
    expect(gemini.getByText("none of 1")).toBeTruthy();
    expect(
      gemini.getByText("every page; Gemini CLI itself would loop forever if a server repeated a cursor"),
    ).toBeTruthy();
    expect(gemini.getByText("a placeholder, never the bytes")).toBeTruthy();
    expect(within(row("Claude Code")).getByText("user only (1)")).toBeTruthy();
    expect(
      within(row("Claude Code")).getByText("every page (only page 1 before 2.1.147: ? of 2)"),
    ).toBeTruthy();
    expect(within(row("Codex CLI")).getByText("model (1)")).toBeTruthy();
    expect(within(row("Codex CLI")).getByText("one page a call; the model follows nextCursor")).toBeTruthy();
    expect(within(row("VS Code")).getByText("none seen")).toBeTruthy();

    await userEvent.click(gemini.getByRole("button", { name: "2 problems" }));
    expect(onShowProblems).toHaveBeenCalledWith("gemini-cli");
    await userEvent.click(within(row("Claude Code")).getByRole("button", { name: "1 problem" }));
    expect(onShowProblems).toHaveBeenLastCalledWith("claude-code");
  });

  it("each host's list tool text, exactly, built when its fold opens and renamed live", async () => {
    renderMatrix();
    const summary = screen.getByText("Gemini CLI", { selector: "summary" });
    expect(summary.closest("details")!.querySelector("pre")).toBeNull();
    await userEvent.click(summary);
    expect(summary.closest("details")!.querySelector("pre")!.textContent).toBe(
      "Available MCP Resources:\n- demo:demo://docs/a.md | a.md | The first doc\n- demo:demo://images/logo.png | logo.png\n",
    );
    const field = screen.getByRole("textbox", { name: "Server name in the host's config" });
    await userEvent.clear(field);
    await userEvent.type(field, "docs");
    expect(summary.closest("details")!.querySelector("pre")!.textContent).toMatch(
      /^Available MCP Resources:\n- docs:demo:\/\/docs\/a\.md/,
    );
  });

  it("a server without the resources capability: Gemini CLI and VS Code say the server is lost", () => {
    renderMatrix(stdioSession({ id: "matrix2", name: "bare", capabilities: { tools: {} } }));
    expect(within(row("Gemini CLI")).getByRole("note").textContent).toBe(
      "Server lost: it declares no resources capability, so no resources are listed",
    );
    expect(within(row("VS Code")).getByRole("note").textContent).toBe(
      "Server lost: it declares no resources capability",
    );
    expect(within(row("Codex CLI")).queryByRole("note")).toBeNull();
  });
});
