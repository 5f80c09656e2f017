import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { FileWatchStatus } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { RestartOnChangeTab } from "./restart-on-change-tab";

const api = stubApi();

const watching: FileWatchStatus = {
  path: "/srv",
  build: null,
  state: "watching",
  restarts: 0,
  lastRestart: null,
  lastError: null,
  compareLastBuild: false,
  lastBuildDiff: null,
};

const checkbox = () =>
  screen.getByRole<HTMLInputElement>("checkbox", { name: /Compare with the last build/ });

describe("RestartOnChangeTab: compare with the last build", () => {
  it("is off and unavailable until watch mode is on", () => {
    renderWithQueries(<RestartOnChangeTab session={stdioSession()} />, (c) =>
      c.setQueryData(queryKeys.fileWatch("s1"), { suggestedPath: "/srv", fileWatch: null }),
    );
    expect(checkbox().checked).toBe(false);
    expect(checkbox().disabled).toBe(true);
  });

  it("turns on with PATCH …/watch-files and shows the answer", async () => {
    api.serve({
      "PATCH /api/sessions/s1/watch-files": { json: { ...watching, compareLastBuild: true } },
      "GET /api/sessions/s1/last-build-diff": { json: { comparison: null } },
    });
    const user = userEvent.setup();
    renderWithQueries(<RestartOnChangeTab session={stdioSession({ fileWatch: watching })} />, (c) =>
      c.setQueryData(queryKeys.fileWatch("s1"), { suggestedPath: "/srv", fileWatch: watching }),
    );
    expect(checkbox().disabled).toBe(false);
    await user.click(checkbox());
    await waitFor(() =>
      expect(api.requests).toContainEqual({
        method: "PATCH",
        path: "/api/sessions/s1/watch-files",
        body: { compareLastBuild: true },
      }),
    );
  });
});
