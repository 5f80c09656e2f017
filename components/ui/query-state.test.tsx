import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-client";
import { QueryState, type QueryStateProps } from "./query-state";

type Options = Omit<QueryStateProps<string>, "query" | "pendingLabel" | "errorTitle" | "children">;

function show(data: string | undefined, error: Error | null, options: Options = {}) {
  return render(
    <QueryState
      query={{ data, error }}
      pendingLabel="Listing things…"
      errorTitle="things/list failed"
      {...options}
    >
      {(value) => <p>content: {value}</p>}
    </QueryState>,
  );
}

const mcpError = () =>
  new ApiError({ status: 502, code: "mcp_error", message: "Method not found", mcpCode: -32601 });

describe("QueryState", () => {
  it("shows the spinner with its label while there is neither data nor an error", () => {
    show(undefined, null);
    expect(screen.getByRole("status").textContent).toBe("Listing things…");
    expect(screen.queryByText(/content:/)).toBeNull();
  });

  it("shows the error instead of the content, the last data included, unless told to keep the data", () => {
    const { rerender } = show("old", new Error("boom"));
    expect(screen.getByRole("alert").textContent).toContain("things/list failed");
    expect(screen.getByRole("alert").textContent).toContain("boom");
    expect(screen.queryByText(/content:/)).toBeNull();
    rerender(
      <QueryState query={{ data: "old", error: new Error("boom") }} pendingLabel="" errorTitle="" keepData>
        {(value) => <p>content: {value}</p>}
      </QueryState>,
    );
    expect(screen.getByText("content: old")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the content once there is data and no error", () => {
    show("fresh", null);
    expect(screen.getByText("content: fresh")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("names the server's JSON-RPC error code only when asked", () => {
    const { unmount } = show(undefined, mcpError());
    expect(screen.getByRole("alert").textContent).not.toContain("MCP error");
    unmount();
    show(undefined, mcpError(), { mcpCode: true });
    expect(screen.getByRole("alert").textContent).toContain("MCP error -32601");
  });

  it("pads the spinner and the callout as a pane does only when inset", () => {
    const { container, unmount } = show(undefined, null, { inset: true });
    expect(container.firstElementChild?.className).toBe("p-3");
    unmount();
    const error = show(undefined, new Error("boom"), { inset: true });
    expect(error.container.firstElementChild?.className).toBe("p-2");
    error.unmount();
    const bare = show(undefined, null);
    expect(bare.container.firstElementChild?.getAttribute("role")).toBe("status");
  });
});
