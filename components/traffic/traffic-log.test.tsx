import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { withViewport } from "@/components/testing/layout";
import { renderWithQueries } from "@/components/testing/query-client";
import type { TrafficEntryInfo } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import type { HeldTraffic, HeldTrafficEntry } from "@/lib/api/traffic-buffer";
import { TrafficLog } from "./traffic-log";

withViewport(800, 400);
const api = stubApi();

const S = "s1";
const AT = Date.UTC(2026, 0, 2, 3, 4, 5);

const LIST: TrafficEntryInfo = {
  seq: 1,
  at: AT,
  direction: "out",
  kind: "request",
  method: "resources/list",
  rpcId: 7,
  bytes: 58,
  message: { jsonrpc: "2.0", id: 7, method: "resources/list" },
  truncated: false,
};
const ANSWER: TrafficEntryInfo = {
  seq: 2,
  at: AT + 12,
  direction: "in",
  kind: "response",
  rpcId: 7,
  latencyMs: 12,
  bytes: 96,
  message: { jsonrpc: "2.0", id: 7, result: { resources: [{ uri: "demo://a", name: "a" }] } },
  truncated: false,
};
const UPDATED: TrafficEntryInfo = {
  seq: 3,
  at: AT + 500,
  direction: "in",
  kind: "notification",
  method: "notifications/resources/updated",
  bytes: 80,
  message: { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "demo://a" } },
  truncated: false,
};
/** As the event stream appends it: a summary, the message left on the backend. */
const LOGGED: HeldTrafficEntry = {
  seq: 4,
  at: AT + 900,
  direction: "in",
  kind: "notification",
  method: "notifications/message",
  bytes: 70,
};

/** The log with its filter held as the server panel holds it. */
function Log({ mode, initialSeq }: { mode: "all" | "notifications"; initialSeq?: number }) {
  const [filter, setFilter] = useState("");
  return (
    <TrafficLog
      sessionId={S}
      serverName="demo server"
      mode={mode}
      filter={filter}
      onFilter={setFilter}
      {...(initialSeq !== undefined ? { initialSeq } : {})}
    />
  );
}

function showLog(mode: "all" | "notifications", held?: HeldTraffic, initialSeq?: number) {
  const user = userEvent.setup();
  const view = renderWithQueries(
    <Log mode={mode} {...(initialSeq !== undefined ? { initialSeq } : {})} />,
    (c) => {
      if (held) c.setQueryData(queryKeys.traffic(S), held);
    },
  );
  return { user, ...view };
}

const held = (entries: HeldTrafficEntry[], dropped = 0): HeldTraffic => ({ entries, dropped });
const optionNames = () => screen.getAllByRole("option").map((o) => o.getAttribute("aria-label") ?? "");
const message = () => screen.getByRole("region", { name: "Message" });

describe("TrafficLog", () => {
  it("lists every message oldest first, counts them and the ones the backend dropped", () => {
    showLog("all", held([LIST, ANSWER, UPDATED], 5));
    const names = optionNames();
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(/to server request resources\/list$/);
    expect(names[1]).toMatch(/from server response $/);
    expect(names[2]).toMatch(/from server notification notifications\/resources\/updated$/);
    expect(screen.getByText("3 messages (5 older dropped)")).toBeTruthy();
  });

  it("shows a chosen message in full: direction, id, latency, size and its JSON", async () => {
    const { user } = showLog("all", held([LIST, ANSWER]));
    await user.click(screen.getAllByRole("option")[1]!);
    expect(screen.getAllByRole("option")[1]!.getAttribute("aria-selected")).toBe("true");
    const text = message().textContent;
    expect(text).toContain("← from server · response");
    expect(text).toContain("latency12 ms");
    expect(text).toContain("id7");
    expect(text).toContain("96 bytes");
    expect(text).toContain('"uri": "demo://a"');
    await user.click(within(message()).getByRole("button", { name: "Close message" }));
    expect(screen.queryByRole("region", { name: "Message" })).toBeNull();
  });

  it("moves the selection with the arrow keys, Home and End", async () => {
    const { user } = showLog("all", held([LIST, ANSWER, UPDATED]), 1);
    const list = screen.getByRole("listbox", { name: "JSON-RPC traffic" });
    const selected = () =>
      screen.getAllByRole("option").findIndex((o) => o.getAttribute("aria-selected") === "true");
    expect(selected()).toBe(0);
    act(() => list.focus());
    await user.keyboard("{ArrowDown}");
    expect(selected()).toBe(1);
    await user.keyboard("{End}");
    expect(selected()).toBe(2);
    await user.keyboard("{ArrowDown}");
    expect(selected()).toBe(2);
    await user.keyboard("{Home}");
    expect(selected()).toBe(0);
    expect(list.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[0]!.id);
  });

  it("filters by method, id or message text, and says when nothing matches", async () => {
    const { user } = showLog("all", held([LIST, ANSWER, UPDATED]));
    const filter = screen.getByRole("searchbox", { name: "Filter" });
    await user.type(filter, "demo://a");
    expect(optionNames()).toHaveLength(2);
    expect(screen.getByText("2 messages")).toBeTruthy();
    await user.clear(filter);
    await user.type(filter, "#nothing");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByText("No messages match “#nothing”.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export JSON" })).toHaveProperty("disabled", true);
  });

  it("the notifications tab lists only notifications, newest first", () => {
    showLog("notifications", held([LIST, ANSWER, UPDATED, LOGGED]));
    expect(screen.getByRole("listbox", { name: "Notifications" })).toBeTruthy();
    const names = optionNames();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/notifications\/message$/);
    expect(names[1]).toMatch(/notifications\/resources\/updated$/);
    expect(screen.getByText("2 notifications")).toBeTruthy();
  });

  it("says so before any message and before any notification", () => {
    const { unmount } = showLog("all", held([]));
    expect(screen.getByText("No messages yet.")).toBeTruthy();
    unmount();
    showLog("notifications", held([LIST]));
    expect(screen.getByText("No notifications yet.")).toBeTruthy();
  });

  it("fetches a message the stream only summarized when it is chosen, and shows it", async () => {
    const full: TrafficEntryInfo = {
      ...LOGGED,
      message: { jsonrpc: "2.0", method: "notifications/message", params: { data: "disk almost full" } },
      truncated: false,
    };
    api.serve({ [`GET /api/sessions/${S}/traffic`]: { json: { entries: [full], dropped: 0 } } });
    const { user } = showLog("all", held([LIST, LOGGED]));
    await user.click(screen.getAllByRole("option")[1]!);
    await waitFor(() => expect(message().textContent).toContain("disk almost full"));
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/sessions/${S}/traffic`]);
  });

  it("exports what is shown as a JSON file named after the server", async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:export";
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = showLog("all", held([LIST, ANSWER, UPDATED]));
    await user.type(screen.getByRole("searchbox", { name: "Filter" }), "notifications");
    await user.click(screen.getByRole("button", { name: "Export JSON" }));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^traffic-demo-server-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await saved[0]!.text()) as {
      server: string;
      filter: string;
      entries: { seq: number }[];
    };
    expect(exported.server).toBe("demo server");
    expect(exported.filter).toBe("notifications");
    expect(exported.entries.map((e) => e.seq)).toEqual([3]);
  });

  it("says it could not load the traffic when the backend refuses", async () => {
    // No token: the API client refuses before the network, as a 401 would.
    showLog("all");
    expect(screen.getByRole("status").textContent).toBe("Loading traffic…");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the traffic");
    expect(alert.textContent).toContain("No access token.");
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
