import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { CompareBody, CompareResponse } from "@/lib/api/contract";
import { boundStateDiff } from "@/lib/capture/bounded-diff";
import { compareStates, ignoreMatchers } from "@/lib/capture/compare";
import type { ServerState } from "@/lib/capture/state";
import { CompareView } from "./compare-view";

const api = stubApi();

const card = { name: "fixture", version: "1", capabilities: { resources: {} } };
const BEFORE: ServerState = {
  server: card,
  resources: [
    { uri: "fixture://a", name: "a", mimeType: "text/plain" },
    { uri: "fixture://gone", name: "gone" },
    { uri: "fixture://blob", name: "blob" },
  ],
  templates: [],
  reads: [
    { uri: "fixture://a", result: { contents: [{ uri: "fixture://a", text: "one\ntwo\n" }] } },
    { uri: "fixture://blob", result: { contents: [{ uri: "fixture://blob", blob: "AAAA" }] } },
    { uri: "fixture://old", result: { contents: [{ uri: "fixture://old", text: "x" }] } },
  ],
};
const AFTER: ServerState = {
  server: { ...card, version: "2" },
  resources: [
    { uri: "fixture://a", name: "a", mimeType: "text/markdown" },
    { uri: "fixture://blob", name: "blob" },
    { uri: "fixture://new", name: "new", description: "Added in v2" },
  ],
  templates: [],
  reads: [
    { uri: "fixture://a", result: { contents: [{ uri: "fixture://a", text: "one\nTWO\n" }] } },
    { uri: "fixture://blob", result: { contents: [{ uri: "fixture://blob", blob: "AAAAAAAA" }] } },
  ],
};

/** The answer the real route computes for these two states (lib/capture's own functions). */
function answer(body: CompareBody): CompareResponse {
  return {
    before: { sessionId: body.before, name: "v1", capture: false },
    after: { sessionId: body.after, name: "v2", capture: false },
    at: new Date(0).toISOString(),
    ...boundStateDiff(compareStates(BEFORE, AFTER, { matchers: ignoreMatchers(body.ignore ?? []) })),
  };
}

const sessions = [stdioSession({ id: "s-one1", name: "v1" }), stdioSession({ id: "s-two2", name: "v2" })];

/** The view, compared once, with the route answering the comparison of these two states. */
async function compareOf(before: ServerState, after: ServerState) {
  api.serve({
    "POST /api/compare": (r) => ({
      json: { ...answer(r.body as CompareBody), ...boundStateDiff(compareStates(before, after)) },
    }),
  });
  const user = userEvent.setup();
  renderWithQueries(<CompareView sessions={sessions} initialBefore="s-one1" onClose={() => {}} />);
  await user.click(screen.getByRole("button", { name: "Compare" }));
  return user;
}

describe("CompareView", () => {
  it("compares the two picked sessions: counts, every URI that differs, the first one's changes", async () => {
    api.serve({ "POST /api/compare": (r) => ({ json: answer(r.body as CompareBody) }) });
    const user = userEvent.setup();
    renderWithQueries(<CompareView sessions={sessions} initialBefore="s-one1" onClose={() => {}} />);
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Before" }).value).toBe("s-one1");
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "After" }).value).toBe("s-two2");
    await user.click(screen.getByRole("button", { name: "Compare" }));

    expect(await screen.findByText("6 changes from v1 to v2.")).toBeTruthy();
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      body: { before: "s-one1", after: "s-two2" },
    });
    const summary = screen.getByRole("definition", { name: "1 added, 1 removed, 1 changed" });
    expect(summary.textContent).toBe("+1 −1 ~1");

    const nav = screen.getByRole("navigation", { name: "What differs" });
    const resources = within(nav).getByRole("region", { name: "Resources" });
    expect(
      within(resources)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([
      "fixture://newadded",
      "fixture://goneremoved",
      "fixture://achangedcontent differs",
      "fixture://blobcontent differs",
    ]);
    expect(within(nav).getByRole("region", { name: "Read on v1 only" }).textContent).toContain(
      "fixture://old",
    );

    // The first entry is open: listed by the after side only.
    const detail = () => screen.getByRole("article");
    expect(detail().getAttribute("aria-label")).toBe("Changes of fixture://new");
    expect(detail().textContent).toContain("Added in v2");

    // A changed resource: its listing field, then its text as a line diff.
    await user.click(within(resources).getByRole("button", { name: /fixture:\/\/a/ }));
    expect(
      within(resources)
        .getByRole("button", { name: /fixture:\/\/a/ })
        .getAttribute("aria-current"),
    ).toBe("true");
    const fields = screen.getByRole("table", { name: "Listing changes of fixture://a" });
    expect(fields.textContent).toContain("/mimeType");
    expect(fields.textContent).toContain('"text/markdown"');
    const lines = screen.getByRole("table", { name: "Line changes in Content 1 of fixture://a" });
    expect(within(lines).getByText("TWO")).toBeTruthy();

    // A blob: by size and fingerprint.
    await user.click(within(resources).getByRole("button", { name: /fixture:\/\/blob/ }));
    const bytes = screen.getByRole("table", { name: "Bytes of Content 1" });
    expect(bytes.textContent).toContain("fingerprint");
    expect(screen.getByText("3 B → 6 B.")).toBeTruthy();

    // The server card.
    await user.click(within(nav).getByRole("button", { name: /Server card/ }));
    expect(screen.getByRole("table", { name: "Server card changes" }).textContent).toContain("/version");
  });

  it("an ignore list re-runs the compare with those pointers", async () => {
    api.serve({ "POST /api/compare": (r) => ({ json: answer(r.body as CompareBody) }) });
    const user = userEvent.setup();
    renderWithQueries(<CompareView sessions={sessions} initialBefore="s-one1" onClose={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Compare" }));
    await screen.findByText("6 changes from v1 to v2.");
    await user.type(
      screen.getByRole("textbox", { name: /Ignore/ }),
      "/server/version\n/resources/*/mimeType\n/reads/*/contents/0",
    );
    await user.click(screen.getByRole("button", { name: "Compare" }));
    expect(await screen.findByText("2 changes from v1 to v2.")).toBeTruthy();
    expect(api.requests.at(-1)?.body).toEqual({
      before: "s-one1",
      after: "s-two2",
      ignore: ["/server/version", "/resources/*/mimeType", "/reads/*/contents/0"],
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: "Resources" }))
          .getAllByRole("button")
          .map((b) => b.textContent),
      ).toEqual(["fixture://newadded", "fixture://goneremoved"]),
    );
  });

  it("marks an opened capture among the sides", () => {
    const capture = {
      ...stdioSession({ id: "c-file1", name: "yesterday" }),
      capture: { capturedAt: "2026-12-02T10:00:00.000Z", inspector: "0.1.0", reads: 2 },
    };
    renderWithQueries(
      <CompareView sessions={[...sessions, capture]} initialBefore="s-one1" onClose={() => {}} />,
    );
    const options = within(screen.getByRole("combobox", { name: "After" })).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["v1", "v2", "yesterday (capture)"]);
  });

  it("says so when the two sides are the same", async () => {
    await compareOf(BEFORE, { ...BEFORE, reads: BEFORE.reads });
    expect(await screen.findByText("v1 and v2 are the same.")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "What differs" })).toBeNull();
  });

  it("renders a bounded number of rows: 100 entries, 10 content items, then a page more at a click", async () => {
    // 400 resources whose one read each differs, the first with 60 differing content items.
    const side = (v: string): ServerState => ({
      server: card,
      resources: Array.from({ length: 400 }, (_, i) => ({
        uri: `many://${String(i).padStart(3, "0")}`,
        name: `${i}`,
      })),
      templates: [],
      reads: Array.from({ length: 400 }, (_, i) => ({
        uri: `many://${String(i).padStart(3, "0")}`,
        result: {
          contents: Array.from({ length: i === 0 ? 60 : 1 }, (_, k) => ({
            uri: `many://${String(i).padStart(3, "0")}`,
            text: `${v} ${k}`,
          })),
        },
      })),
    });
    const user = await compareOf(side("a"), side("b"));
    const resources = await screen.findByRole("region", { name: "Resources" });
    const entryButtons = () => within(resources).getAllByRole("button", { name: /^many:/ });
    expect(entryButtons()).toHaveLength(100);
    await user.click(within(resources).getByRole("button", { name: "Show 100 more resources of 300" }));
    expect(entryButtons()).toHaveLength(200);
    // The first entry's 60 items: ten tables, then ten more.
    const items = () => screen.getAllByRole("region", { name: /^Content \d+ of many:\/\/000$/ });
    expect(items()).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "Show 10 more content items of 50" }));
    expect(items()).toHaveLength(20);
  });
});
