/**
 * `npm run bench`: speed figures as medians of repeated runs, printed as a table.
 * Needs a build (`npm run build`); starts its own app instance on a free port and stops it.
 *
 *   start → ready      launcher spawn until /api/health answers (build already present)
 *   connect → tree     in Chromium: confirm a pasted server-everything command until the first
 *                      tree item is in the DOM
 *   API connect+list   POST /api/sessions + GET …/resources, no browser
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chromium } from "@playwright/test";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TOKEN = "bench-token";
const EVERYTHING = "node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio";
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function startApp(): Promise<{ app: ChildProcess; base: string; ms: number }> {
  const t0 = performance.now();
  const app = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts"], {
    env: { ...process.env, PORT: "0", MCP_INSPECTOR_TOKEN: TOKEN, MCP_INSPECTOR_SKIP_BUILD: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("app did not start in 60 s")), 60_000);
    app.stdout?.on("data", (d: Buffer) => {
      const m = /ready: (http:\/\/[^/]+)\//.exec(d.toString());
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  for (;;) {
    const r = await fetch(`${base}/api/health`).catch(() => null);
    if (r?.ok) break;
  }
  return { app, base, ms: performance.now() - t0 };
}

async function stopApp(app: ChildProcess): Promise<void> {
  const exited = new Promise((r) => app.once("exit", r));
  app.kill("SIGTERM");
  await exited;
}

const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

async function main(): Promise<void> {
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { app, ms } = await startApp();
    starts.push(ms);
    await stopApp(app);
  }

  const { app, base } = await startApp();
  const api: number[] = [];
  const ui: number[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumArgs,
  });
  try {
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/sessions`, {
        method: "POST",
        headers,
        body: JSON.stringify({ command: EVERYTHING }),
      });
      const { id } = (await res.json()) as { id: string };
      await (await fetch(`${base}/api/sessions/${id}/resources`, { headers })).json();
      api.push(performance.now() - t0);
      await fetch(`${base}/api/sessions/${id}`, { method: "DELETE", headers });
    }
    const page = await browser.newPage();
    for (let i = 0; i < RUNS; i++) {
      await page.goto(`${base}/?token=${TOKEN}`);
      const box = page.getByRole("textbox", { name: /command/i });
      await box.fill(EVERYTHING);
      await box.press("Enter");
      const run = page.getByRole("button", { name: /run server/i });
      await run.waitFor();
      const t0 = performance.now();
      await run.click();
      await page.getByRole("treeitem").first().waitFor({ timeout: 30_000 });
      ui.push(performance.now() - t0);
      const { sessions } = (await (await fetch(`${base}/api/sessions`, { headers })).json()) as {
        sessions: { id: string }[];
      };
      for (const s of sessions) await fetch(`${base}/api/sessions/${s.id}`, { method: "DELETE", headers });
    }
  } finally {
    await browser.close();
    await stopApp(app);
  }

  const rows: [string, number[]][] = [
    ["start → ready (built app)", starts],
    ["API connect + list (server-everything)", api],
    ["UI confirm → first tree item (server-everything)", ui],
  ];
  console.log(`\nmedians of ${RUNS} runs (ms)`);
  for (const [name, xs] of rows) {
    console.log(
      `${name.padEnd(52)} ${median(xs).toFixed(0).padStart(6)}   [${xs.map((x) => x.toFixed(0)).join(", ")}]`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
