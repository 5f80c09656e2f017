import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { LastBuildDiffResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { boundStateDiff } from "@/lib/capture/bounded-diff";
import { compareStates } from "@/lib/capture/compare";
import { LastBuildView } from "./last-build-view";

const session = stdioSession({ id: "w1", name: "watched" });
const side = { sessionId: "w1", name: "watched", capture: false };
const card = { name: "fixture", capabilities: {} };

function show(answer: LastBuildDiffResponse) {
  renderWithQueries(<LastBuildView session={session} onClose={() => {}} />, (c) =>
    c.setQueryData(queryKeys.lastBuildDiff("w1"), answer),
  );
}

describe("LastBuildView", () => {
  it("says nothing was compared yet before the first rebuild", () => {
    show({ comparison: null });
    expect(screen.getByText("No rebuild compared yet")).toBeTruthy();
  });

  it("shows the rebuild against the build before it in the compare panel", () => {
    const diff = compareStates(
      { server: card, resources: [{ uri: "x://a", name: "a" }], templates: [], reads: [] },
      {
        server: card,
        resources: [
          { uri: "x://a", name: "a" },
          { uri: "x://b", name: "b" },
        ],
        templates: [],
        reads: [],
      },
    );
    show({
      comparison: { before: side, after: side, at: new Date(0).toISOString(), ...boundStateDiff(diff) },
    });
    const region = screen.getByRole("region", { name: "Changed since the last build · watched" });
    expect(within(region).getByRole("status").textContent).toBe("1 change since the build before.");
    expect(within(region).getByRole("button", { name: /x:\/\/b/ }).textContent).toBe("x://badded");
  });
});
