/**
 * Issue #3 figures: notification → screen latency in Chromium (from the moment the demo server
 * produced the change, stamped into the content or the resource name as epoch ms, to the moment
 * the new text or tree item is in the DOM), and the storm.
 */
import type { Browser, Page } from "@playwright/test";
import { api, closeSessions, median, ms, percentile, TOKEN, type App, type Row } from "./harness";

const DEMO = process.execPath;

async function openApp(page: Page, app: App, query: string): Promise<void> {
  // tsx compiles this file with esbuild's keepNames; functions passed to page.evaluate then call
  // a __name helper that does not exist in the page.
  await page.addInitScript({ content: "window.__name = (f) => f;" });
  await page.goto(`${app.base}/?${query}&token=${TOKEN}`);
}

/** Expand a folder only if it is collapsed (top-level folders start expanded). */
async function expand(page: Page, name: string): Promise<void> {
  const item = page.getByRole("tree").first().getByRole("treeitem", { name, exact: true });
  await item.waitFor();
  if ((await item.getAttribute("aria-expanded")) === "false") await item.click();
}

/** Collect `at-ms: N` stamps as they appear in the viewer; latency = now − N. */
async function watchStamps(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __seen: Set<number> };
    w.__lat = [];
    w.__seen = new Set();
    const region = document.querySelector('[role="region"][aria-label="Resource content"]') ?? document.body;
    const scan = () => {
      const now = Date.now();
      for (const m of (region.textContent ?? "").matchAll(/at-ms: (\d+)/g)) {
        const t = Number(m[1]);
        if (!w.__seen.has(t)) {
          w.__seen.add(t);
          w.__lat.push(now - t);
        }
      }
    };
    new MutationObserver(scan).observe(region, { subtree: true, childList: true, characterData: true });
  });
}

export async function updatedLatency(app: App, browser: Browser): Promise<Row[]> {
  // 10 changes a second for 8 s on demo://live/storm: plenty of samples, no load.
  const s = await api<{ id: string }>(app, "/api/sessions", {
    method: "POST",
    body: JSON.stringify({ command: DEMO, args: ["dist/demo-server.mjs"], env: { DEMO_STORM: "10:0:8000" } }),
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openApp(page, app, `server=${s.id}&uri=${encodeURIComponent("demo://live/storm")}`);
  await page.getByRole("region", { name: "Resource content" }).waitFor();
  await watchStamps(page);
  await page.getByRole("button", { name: "Watch", exact: true }).click();
  await page.waitForTimeout(8_500);
  const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  const samples = lat.slice(1); // the first stamp is the initial read, not a notification
  await page.close();
  await closeSessions(app);
  return [
    [
      `resources/updated → new content in DOM, p50 (n=${samples.length})`,
      ms(median(samples)),
      "goal ≤ 100 ms",
    ],
    [`resources/updated → new content in DOM, p95`, ms(percentile(samples, 95)), "goal ≤ 250 ms"],
  ];
}

export async function listChangedLatency(app: App, browser: Browser): Promise<Row[]> {
  const s = await api<{ id: string }>(app, "/api/sessions", {
    method: "POST",
    body: JSON.stringify({
      command: DEMO,
      args: ["dist/demo-server.mjs"],
      env: { DEMO_LIST_CHURN_MS: "300" },
    }),
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openApp(page, app, `server=${s.id}`);
  await expand(page, "demo:");
  await expand(page, "churn");
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[]; __seen: Set<string> };
    w.__lat = [];
    w.__seen = new Set();
    const scan = () => {
      const now = Date.now();
      for (const el of document.querySelectorAll('[role="treeitem"]')) {
        const name = el.getAttribute("aria-label") ?? el.textContent ?? "";
        const m = /churn-\d+ @(\d+)/.exec(name);
        if (m && !w.__seen.has(m[0])) {
          w.__seen.add(m[0]);
          w.__lat.push(now - Number(m[1]));
        }
      }
    };
    new MutationObserver(scan).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  await page.waitForTimeout(9_000);
  const lat = await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
  const samples = lat.slice(1);
  await page.close();
  await closeSessions(app);
  return [
    [`list_changed → new tree item in DOM, p50 (n=${samples.length})`, ms(median(samples)), "goal ≤ 100 ms"],
    [`list_changed → new tree item in DOM, p95`, ms(percentile(samples, 95)), "goal ≤ 250 ms"],
  ];
}

/** 1,000 updates/s for 10 s on one watched resource plus 20 list changes/s. */
export async function storm(app: App, browser: Browser): Promise<Row[]> {
  const mem = (gc: boolean) =>
    api<{ heapUsed: number; rss: number }>(app, `/api/debug/memory${gc ? "?gc=1" : ""}`);
  const s = await api<{ id: string }>(app, "/api/sessions", {
    method: "POST",
    body: JSON.stringify({
      command: DEMO,
      args: ["dist/demo-server.mjs"],
      env: { DEMO_STORM: "1000:20:10000" },
    }),
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openApp(page, app, `server=${s.id}&uri=${encodeURIComponent("demo://live/storm")}`);
  await page.getByRole("region", { name: "Resource content" }).waitFor();
  await expand(page, "demo:");
  await page.waitForTimeout(500);
  const before = await mem(true);

  const startedAt = Date.now();
  await page.getByRole("button", { name: "Watch", exact: true }).click();
  // A click answered: toggle a folder and wait for aria-expanded to flip, timed in the page.
  const clicks: number[] = [];
  while (Date.now() - startedAt < 10_000) {
    clicks.push(
      await page.evaluate(async () => {
        const el = [...document.querySelectorAll('[role="treeitem"]')].find(
          (e) => e.getAttribute("aria-label") === "docs" || e.textContent?.trim().startsWith("docs"),
        );
        if (!el) return NaN;
        const was = el.getAttribute("aria-expanded");
        const t0 = performance.now();
        (el as HTMLElement).click();
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          const now = [...document.querySelectorAll('[role="treeitem"]')].find(
            (e) => e.getAttribute("aria-label") === "docs" || e.textContent?.trim().startsWith("docs"),
          );
          if (now?.getAttribute("aria-expanded") !== was || performance.now() - t0 > 5_000)
            return performance.now() - t0;
        }
      }),
    );
    await page.waitForTimeout(400);
  }
  // End state: exactly the server's final content and list.
  const viewer = page.getByRole("region", { name: "Resource content" });
  const finalText = await viewer
    .getByText(/final: \d+/)
    .first()
    .textContent({ timeout: 15_000 })
    .catch(() => null);
  const serverList = await api<{ resources: { uri: string }[] }>(
    app,
    `/api/sessions/${s.id}/resources?refresh=1`,
  );
  const serverStorm = serverList.resources.filter((r) => r.uri.startsWith("demo://storm/")).length;
  await expand(page, "storm").catch(() => undefined);
  await page.waitForTimeout(500);
  const domStorm = await page.evaluate(
    () =>
      [...document.querySelectorAll('[role="treeitem"]')].filter((e) =>
        /storm-\d+ @/.test(e.getAttribute("aria-label") ?? e.textContent ?? ""),
      ).length,
  );
  await page.close();
  await closeSessions(app);
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await mem(true);
  const ratio = after.heapUsed / before.heapUsed;
  const valid = clicks.filter((x) => Number.isFinite(x));
  return [
    [`storm: click answered during the storm, p50 (n=${valid.length})`, ms(median(valid)), "goal ≤ 200 ms"],
    [`storm: click answered during the storm, max`, ms(Math.max(...valid)), ""],
    [`storm: final content on screen`, finalText ? "yes" : "NO", finalText?.match(/final: \d+/)?.[0] ?? ""],
    [
      `storm: storm items in tree = server's final list`,
      domStorm === serverStorm ? "yes" : "NO",
      `${domStorm} vs ${serverStorm}`,
    ],
    [
      `storm: backend heap after / before (after GC)`,
      `${(ratio * 100).toFixed(0)} %`,
      `${(before.heapUsed / 1e6).toFixed(1)} → ${(after.heapUsed / 1e6).toFixed(1)} MB; goal ≤ 110 %`,
    ],
  ];
}
