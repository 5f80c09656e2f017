/** Issue #2 figures: app start → ready, and connect → tree against server-everything. */
import type { Browser } from "@playwright/test";
import { api, closeSessions, median, ms, startApp, stopApp, TOKEN, type App, type Row } from "./harness";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EVERYTHING = "node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio";

export async function startup(): Promise<Row[]> {
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const app = await startApp();
    starts.push(app.startMs);
    await stopApp(app);
  }
  return [
    [
      `start → /api/health answers (built app), median of ${RUNS}`,
      ms(median(starts)),
      `[${starts.map((x) => x.toFixed(0)).join(", ")}]`,
    ],
  ];
}

export async function connectToTree(app: App, browser: Browser): Promise<Row[]> {
  const apiTimes: number[] = [];
  const uiTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const s = await api<{ id: string }>(app, "/api/sessions", {
      method: "POST",
      body: JSON.stringify({ command: EVERYTHING }),
    });
    await api(app, `/api/sessions/${s.id}/resources`);
    apiTimes.push(performance.now() - t0);
    await closeSessions(app);
  }
  const page = await browser.newPage();
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${app.base}/?token=${TOKEN}`);
    const box = page.getByRole("textbox", { name: /command/i });
    await box.fill(EVERYTHING);
    await box.press("Enter");
    const run = page.getByRole("button", { name: /run server/i });
    await run.waitFor();
    const t0 = performance.now();
    await run.click();
    await page.getByRole("treeitem").first().waitFor({ timeout: 30_000 });
    uiTimes.push(performance.now() - t0);
    await closeSessions(app);
  }
  await page.close();
  return [
    [
      `server-everything: API connect + full list, median of ${RUNS}`,
      ms(median(apiTimes)),
      `[${apiTimes.map((x) => x.toFixed(0)).join(", ")}]`,
    ],
    [
      `server-everything: UI confirm → first tree item, median of ${RUNS}`,
      ms(median(uiTimes)),
      `[${uiTimes.map((x) => x.toFixed(0)).join(", ")}]`,
    ],
  ];
}
