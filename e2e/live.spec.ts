/**
 * Issue #3 end to end: the page follows the server without a click. The built app in real
 * Chromium, the demo server over stdio, changes made on the server side through its tools.
 */
import type { SessionSummary } from "../lib/api/contract";
import { E2E_PORT } from "../playwright.config";
import { expect, test } from "./fixtures";
import { InspectorPage } from "./pages/inspector-page";
import { startAppProcess, stopAppProcess } from "./support/app-process";
import type { InspectorApi } from "./support/api";
import { alive } from "./support/processes";

const GETTING_STARTED = "Getting started with the demo server";

/** The demo tried from the start page, its getting-started guide open; the demo's session. */
async function openGettingStarted(inspector: InspectorPage, api: InspectorApi): Promise<SessionSummary> {
  await inspector.openDemo();
  await inspector.openResource(["demo:", "docs", "guides"], GETTING_STARTED);
  return api.onlySession();
}

const atMs = (text: string) => /at-ms: (\d+)/.exec(text)?.[1] ?? null;

test.afterEach(async ({ api }) => api.deleteAll());

test("a watched resource changes on screen with no click, says when, and shows what changed", async ({
  inspector,
}) => {
  await inspector.openDemo();
  await inspector.openResource(["demo:", "live"], "Live clock");
  await expect(inspector.viewer.getByText(/at-ms: \d+/)).toBeVisible();

  await inspector.watchToggle("Watch").click();
  await expect(inspector.watchToggle("Unwatch")).toBeVisible();
  await expect.poll(async () => atMs(await inspector.viewerText())).not.toBeNull();
  const before = atMs(await inspector.viewerText());

  // No interaction from here on: the clock ticks every second while watched.
  await expect.poll(async () => atMs(await inspector.viewerText()), { timeout: 3_000 }).not.toBe(before);
  await expect(inspector.updatedMarker).toBeVisible();
  await expect(inspector.viewer.getByText(/\d+ updates?$/)).toBeVisible();

  await inspector.viewTab("Changes").click();
  const diff = inspector.viewer.getByRole("table", { name: /line changes/i });
  await expect(diff.getByRole("row").filter({ hasText: "at-ms:" }).first()).toBeVisible();
  await expect(diff.getByRole("cell", { name: "added" }).first()).toBeVisible();

  await inspector.viewer.getByRole("button", { name: "Previous version" }).click();
  await expect(inspector.viewer.getByText(/^v\d+\/\d+$/)).toBeVisible();
});

test("a resource added on the server appears in the tree; selection and expansion survive", async ({
  inspector,
  api,
}) => {
  const demo = await openGettingStarted(inspector, api);

  await api.callTool(demo.id, "add_resource", {
    uri: "demo://docs/guides/new-guide.md",
    name: "New guide",
    text: "# hi",
    mimeType: "text/markdown",
  });

  const added = inspector.treeItem("New guide");
  await expect(added).toBeVisible({ timeout: 5_000 });
  await expect(added).toContainText("new");
  await expect(inspector.treeItem(GETTING_STARTED)).toHaveAttribute("aria-selected", "true");
  for (const folder of ["demo:", "docs", "guides"]) {
    await expect(inspector.treeItem(folder)).toHaveAttribute("aria-expanded", "true");
  }
  await expect(inspector.viewer).toContainText("demo://docs/guides/getting-started.md");
});

test("after the server dies and is reconnected, the tree is expanded as the user left it", async ({
  page,
  inspector,
  api,
}) => {
  await inspector.openDemo();
  const large = inspector.treeItem("large");
  await expect(large).toHaveAttribute("aria-expanded", "false");
  await large.click();
  await expect(large).toHaveAttribute("aria-expanded", "true");
  await expect(inspector.treeItem("docs")).toHaveAttribute("aria-expanded", "false");

  const demo = await api.onlySession();
  process.kill(-demo.pid!, "SIGKILL"); // the server's whole process group: a crash
  const reconnect = page.getByRole("button", { name: "Reconnect" }).first();
  await expect(reconnect).toBeVisible({ timeout: 10_000 });
  await expect(inspector.tree).toHaveCount(0);
  await reconnect.click();

  // A fresh tree would open only the top level: "large" open is the user's doing, remembered.
  await expect(inspector.treeItem("large")).toHaveAttribute("aria-expanded", "true", { timeout: 20_000 });
  await expect(inspector.treeItem("docs")).toHaveAttribute("aria-expanded", "false");
  await expect(inspector.treeItem("10 MB of text")).toBeVisible();
});

test("a resource added above the view does not move the rows the user is looking at", async ({
  inspector,
  api,
}) => {
  const id = await api.startDemo({ DEMO_RESOURCE_COUNT: "500" });
  await inspector.open(`server=${id}`);
  for (const folder of ["docs", "items"]) {
    const item = inspector.treeItem(folder);
    if ((await item.getAttribute("aria-expanded")) === "false") await item.click();
    await expect(item).toHaveAttribute("aria-expanded", "true");
  }
  const tree = inspector.tree;
  await tree.evaluate((el) => el.scrollTo({ top: 2_400 }));
  // The first row fully in view, and where it is on screen.
  const firstInView = () =>
    tree.evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const row = [...el.querySelectorAll<HTMLElement>('[role="treeitem"]')]
        .filter((r) => r.getBoundingClientRect().top >= top)
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0];
      return { name: row?.getAttribute("aria-label"), y: row?.getBoundingClientRect().top };
    });
  await expect.poll(async () => (await firstInView()).name).toBeTruthy();
  const before = await firstInView();
  const height = () => tree.evaluate((el) => (el.firstElementChild as HTMLElement).offsetHeight);
  const heightBefore = await height();

  await api.callTool(id, "add_resource", {
    uri: "demo://docs/aaa-added.md",
    name: "aaa-added.md",
    text: "# new",
    mimeType: "text/markdown",
  });
  await expect.poll(height, { timeout: 5_000 }).toBe(heightBefore + 24); // one row more, above
  const after = await firstInView();
  expect(after.name).toBe(before.name);
  expect(Math.abs((after.y ?? 0) - (before.y ?? 0))).toBeLessThanOrEqual(1);
});

test("removing the selected resource on the server keeps its content with a notice", async ({
  page,
  inspector,
  api,
}) => {
  const demo = await openGettingStarted(inspector, api);
  await expect(inspector.viewer).toContainText("Things to try");

  await api.callTool(demo.id, "remove_resource", { uri: "demo://docs/guides/getting-started.md" });

  await expect(
    inspector.viewer.getByText(/This resource was removed from the server's list at \d{2}:\d{2}:\d{2}/),
  ).toBeVisible({ timeout: 5_000 });
  await expect(inspector.treeItem(GETTING_STARTED)).toHaveCount(0);
  await expect(inspector.viewer).toContainText("Things to try");
  await expect(page).toHaveURL(/uri=demo%3A%2F%2Fdocs%2Fguides%2Fgetting-started\.md/);
});

test("closing the tab reaps the page's servers after the (shortened) idle time and leaves a card saying why; command-line servers and captures stay", async ({
  browser,
}) => {
  const port = E2E_PORT + 2;
  const token = "idle-reaping-test-token";
  const base = `http://127.0.0.1:${port}`;
  const headers = { Authorization: `Bearer ${token}` };
  const app = await startAppProcess(port, token, { MCP_INSPECTOR_IDLE_TIMEOUT_MS: "1500" }, [
    "--no-open",
    "--open",
    "lib/capture/fixtures/v1.mcpcapture.json.gz",
    "--",
    "node",
    "e2e/fixtures/servers/host-fixture.mjs",
  ]);
  try {
    const list = async () => {
      const res = await fetch(`${base}/api/sessions`, { headers });
      return ((await res.json()) as { sessions: SessionSummary[] }).sessions;
    };
    // The capture and the command-line server, both given to the launcher.
    await expect.poll(async () => (await list()).length, { timeout: 20_000 }).toBe(2);
    const given = (await list()).map((s) => s.id).sort();

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto(`/?token=${token}`);
    // A page of the second app, not the test's own (which the inspector fixture is bound to).
    const inspector = new InspectorPage(page);
    await inspector.tryDemo();
    const demo = (await list()).find((s) => !given.includes(s.id));
    expect(demo?.pid).toBeGreaterThan(0);
    expect(alive(demo!.pid!)).toBe(true);

    // While the tab is open, the session stays well past the idle time.
    await page.waitForTimeout(2_500);
    expect(await list()).toHaveLength(3);

    await context.close();
    await expect.poll(async () => (await list()).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => alive(demo!.pid!), { timeout: 5_000 }).toBe(false);
    // Two more idle periods: what the launcher was given is never reaped.
    await new Promise((r) => setTimeout(r, 3_500));
    expect((await list()).map((s) => s.id).sort()).toEqual(given);

    // The next tab says what happened to the demo instead of showing it silently gone.
    const again = await browser.newContext({ baseURL: base });
    try {
      const next = await again.newPage();
      await next.goto(`/?token=${token}`);
      const card = next.getByRole("article", { name: /Resource Inspector demo server was closed/ });
      await expect(card).toContainText("Closed after 2 s with no tab open");
      await card.getByRole("button", { name: /^Retry/ }).click();
      await expect(card).toHaveCount(0);
      await expect.poll(async () => (await list()).length, { timeout: 20_000 }).toBe(3);
    } finally {
      await again.close();
    }
  } finally {
    await stopAppProcess(app);
  }
});
