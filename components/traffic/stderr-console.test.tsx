import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { withViewport } from "@/components/testing/layout";
import { expectOnlySeededQueries, renderWithQueries } from "@/components/testing/query-client";
import type { StderrResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { StderrConsole } from "./stderr-console";

withViewport(800, 400);

const S = "s1";

function Console() {
  const [filter, setFilter] = useState("");
  return <StderrConsole sessionId={S} serverName="demo" filter={filter} onFilter={setFilter} />;
}

function showConsole(stderr: StderrResponse) {
  const user = userEvent.setup();
  const view = renderWithQueries(<Console />, (c) => {
    // Fresh for the test's length: the app refetches stale stderr on mount, the test reads the seed.
    c.setQueryDefaults(queryKeys.stderr(S), { staleTime: Infinity });
    c.setQueryData(queryKeys.stderr(S), stderr);
  });
  return { user, ...view };
}

const log = () => screen.getByRole("log", { name: "stderr" });

describe("StderrConsole", () => {
  describe("with the lines seeded", () => {
    expectOnlySeededQueries();

    it("shows every line the server wrote, counted, with the lines the backend dropped", () => {
      showConsole({ lines: ["listening on stdio", "warn: cache cold", "ready"], dropped: 12 });
      expect(log().textContent).toBe("listening on stdiowarn: cache coldready");
      expect(screen.getByText("3 lines (12 older dropped)")).toBeTruthy();
    });

    it("filters the lines, ignoring case, and says when none matches", async () => {
      const { user } = showConsole({
        lines: ["listening on stdio", "WARN: cache cold", "ready"],
        dropped: 0,
      });
      const filter = screen.getByRole("searchbox", { name: "Filter" });
      await user.type(filter, "warn");
      expect(log().textContent).toBe("WARN: cache cold");
      expect(screen.getByText("1 line")).toBeTruthy();
      await user.type(filter, "ing");
      expect(log().textContent).toBe("No line matches “warning”.");
      expect(screen.getByRole("button", { name: "Export JSON" })).toHaveProperty("disabled", true);
    });

    it("says when the server has written nothing", () => {
      showConsole({ lines: [], dropped: 0 });
      expect(log().textContent).toBe("The server has written nothing to stderr.");
    });
  });

  it("keeps the lines it has when a refetch fails", async () => {
    const { client } = showConsole({ lines: ["ready"], dropped: 0 });
    // No token in a test: the refetch fails as a 401 would, and the line stays.
    await act(async () => {
      await client.refetchQueries({ queryKey: queryKeys.stderr(S) });
      // TanStack tells observers on a timer: let the console render what it was told.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(client.getQueryState(queryKeys.stderr(S))?.status).toBe("error");
    expect(log().textContent).toBe("ready");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says it could not load stderr when there is nothing to show", async () => {
    renderWithQueries(<Console />);
    expect(screen.getByRole("status").textContent).toBe("Loading stderr…");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load stderr");
    expect(alert.textContent).toContain("No access token.");
  });
});
