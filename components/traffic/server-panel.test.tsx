import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withViewport } from "@/components/testing/layout";
import { renderWithQueries } from "@/components/testing/query-client";
import { httpSession, stdioSession } from "@/components/testing/sessions";
import type { SessionSummary } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import type { HeldTraffic } from "@/lib/api/traffic-buffer";
import { ServerPanel } from "./server-panel";

withViewport(800, 400);

const TRAFFIC: HeldTraffic = {
  entries: [
    { seq: 1, at: 0, direction: "out", kind: "request", method: "resources/list", rpcId: 1, bytes: 50 },
    { seq: 2, at: 5, direction: "in", kind: "notification", method: "notifications/message", bytes: 40 },
  ],
  dropped: 0,
};

function showPanel(session: SessionSummary) {
  const user = userEvent.setup();
  renderWithQueries(<ServerPanel session={session} />, (c) =>
    c.setQueryData(queryKeys.traffic(session.id), TRAFFIC),
  );
  return { user };
}

const tabNames = () => screen.getAllByRole("tab").map((t) => t.textContent);
const tab = (name: string) => screen.getByRole("tab", { name });
const selectedTabs = () =>
  screen
    .getAllByRole("tab")
    .filter((t) => t.getAttribute("aria-selected") === "true")
    .map((t) => t.textContent);

describe("ServerPanel", () => {
  it("shows what the last rebuild changed, as a button that opens the comparison", async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const fileWatch = {
      path: "/srv",
      build: null,
      state: "watching" as const,
      restarts: 1,
      lastRestart: { at: new Date(0).toISOString(), cause: "index.js" },
      lastError: null,
      compareLastBuild: true,
      lastBuildDiff: null,
    };
    const { rerender } = renderWithQueries(
      <ServerPanel session={stdioSession({ fileWatch })} onShowBuildDiff={() => opened.push("open")} />,
    );
    // Nothing compared yet: no button.
    expect(screen.queryByRole("button", { name: /Changed since the last build/ })).toBeNull();
    rerender(
      <ServerPanel
        session={stdioSession({
          fileWatch: { ...fileWatch, lastBuildDiff: { at: new Date(0).toISOString(), changes: 4 } },
        })}
        onShowBuildDiff={() => opened.push("open")}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Changed since the last build: 4" }));
    expect(opened).toEqual(["open"]);
  });

  it("gives a local server its tabs, closed until one is chosen, with only the current one in Tab order", () => {
    showPanel(stdioSession());
    expect(screen.getByRole("tablist", { name: "Server panel" })).toBeTruthy();
    expect(tabNames()).toEqual([
      "Traffic",
      "Notifications",
      "Problems",
      "Hosts",
      "stderr",
      "Tools",
      "Restart on change",
    ]);
    expect(selectedTabs()).toEqual([]);
    expect(screen.queryByRole("tabpanel")).toBeNull();
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    expect(tab("Traffic").getAttribute("aria-controls")).toBeNull();
  });

  it("gives a remote server Sign-in instead of stderr and Restart on change", () => {
    showPanel(httpSession());
    expect(tabNames()).toEqual(["Traffic", "Notifications", "Problems", "Hosts", "Tools", "Sign-in"]);
  });

  it("gives a WebSocket server no Sign-in tab (no OAuth over WebSocket)", () => {
    const url = "ws://127.0.0.1:3005/mcp";
    showPanel(httpSession({ launch: { kind: "http", url, transport: "auto", headerNames: [] } }));
    expect(tabNames()).toEqual(["Traffic", "Notifications", "Problems", "Hosts", "Tools"]);
  });

  it("opens a tab's panel when it is chosen, and closes it when it is chosen again", async () => {
    const { user } = showPanel(stdioSession());
    await user.click(tab("Notifications"));
    expect(selectedTabs()).toEqual(["Notifications"]);
    const panel = screen.getByRole("tabpanel", { name: "Notifications" });
    expect(tab("Notifications").getAttribute("aria-controls")).toBe(panel.id);
    expect(screen.getByRole("listbox", { name: "Notifications" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Hide panel ▾" }).getAttribute("aria-expanded")).toBe("true");
    await user.click(tab("Notifications"));
    expect(screen.queryByRole("tabpanel")).toBeNull();
    expect(selectedTabs()).toEqual([]);
    // The tab stays current: Tab reaches it, and Show panel opens it again.
    expect(tab("Notifications").tabIndex).toBe(0);
    await user.click(screen.getByRole("button", { name: "Show panel ▴" }));
    expect(selectedTabs()).toEqual(["Notifications"]);
  });

  it("moves between tabs with the arrow keys, wrapping around, focus and panel following", async () => {
    const { user } = showPanel(stdioSession());
    act(() => tab("Traffic").focus());
    await user.keyboard("{ArrowRight}");
    expect(selectedTabs()).toEqual(["Notifications"]);
    expect(document.activeElement).toBe(tab("Notifications"));
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(selectedTabs()).toEqual(["Restart on change"]);
    expect(document.activeElement).toBe(tab("Restart on change"));
    expect(screen.getByRole("tabpanel", { name: "Restart on change" })).toBeTruthy();
    await user.keyboard("{ArrowRight}");
    expect(selectedTabs()).toEqual(["Traffic"]);
  });

  it("keeps each tab's filter while the others are used", async () => {
    const { user } = showPanel(stdioSession());
    await user.click(tab("Traffic"));
    await user.type(screen.getByRole("searchbox", { name: "Filter" }), "resources");
    expect(screen.getAllByRole("option")).toHaveLength(1);
    await user.click(tab("Notifications"));
    expect(screen.getByRole("searchbox", { name: "Filter" })).toHaveProperty("value", "");
    await user.click(tab("Traffic"));
    expect(screen.getByRole("searchbox", { name: "Filter" })).toHaveProperty("value", "resources");
  });
});
