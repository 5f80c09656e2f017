/** Shared pieces of `npm run bench`: an app instance of its own, Chromium, stats. */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "../../playwright.config";

export const TOKEN = "bench-token";
const BENCH_CONFIG_DIR = path.join(tmpdir(), `mcp-inspector-bench-config-${process.pid}`);
process.on("exit", () => rmSync(BENCH_CONFIG_DIR, { recursive: true, force: true }));
export const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export interface App {
  proc: ChildProcess;
  base: string;
  startMs: number;
  /** The app's access token when it is not the bench's own (the e2e smoke run). */
  token?: string;
}

/**
 * The launcher on a free port, with --expose-gc so memory figures are comparable; `argv` starts
 * another form of it (the bundled command, the installed package) from `cwd`.
 */
export async function startApp(
  extraEnv: Record<string, string> = {},
  argv: string[] = ["--expose-gc", "--import", "tsx", "server/cli/run-source.mjs", "server/cli/start.ts"],
  cwd = process.cwd(),
): Promise<App> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, argv, {
    cwd,
    env: {
      ...process.env,
      PORT: "0",
      MCP_INSPECTOR_TOKEN: TOKEN,
      MCP_INSPECTOR_SKIP_BUILD: "1",
      // Servers the bench confirms in the page are saved: into a folder of its own, not ~/.config.
      MCP_INSPECTOR_CONFIG_DIR: BENCH_CONFIG_DIR,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("app did not start in 60 s")), 60_000);
    proc.stdout?.on("data", (d: Buffer) => {
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
  return { proc, base, startMs: performance.now() - t0 };
}

export async function stopApp(app: App): Promise<void> {
  if (app.proc.exitCode !== null) return;
  const exited = new Promise((r) => app.proc.once("exit", r));
  app.proc.kill("SIGTERM");
  await exited;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
}

export async function api<T>(
  app: Pick<App, "base" | "token">,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${app.base}${path}`, {
    ...init,
    headers: {
      ...headers,
      ...(app.token ? { Authorization: `Bearer ${app.token}` } : {}),
      ...(init.headers ?? {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export async function closeSessions(app: Pick<App, "base" | "token">): Promise<void> {
  const { sessions } = await api<{ sessions: { id: string }[] }>(app, "/api/sessions");
  for (const s of sessions) await api(app, `/api/sessions/${s.id}`, { method: "DELETE" });
}

export type Row = [label: string, value: string, detail?: string];

export function printTable(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`);
  for (const [label, value, detail] of rows)
    console.log(`  ${label.padEnd(58)} ${value.padStart(12)}  ${detail ?? ""}`);
}

export const ms = (x: number) => `${x.toFixed(0)} ms`;

/**
 * Runs `act` in the page and resolves with the ms until `done` (a function body returning a
 * boolean) holds, checked on every DOM change and every 2 ms, and the frame that shows it has
 * been rendered. Timed in the page, so Playwright's
 * own round trips (actionability checks, polling) are not counted. Both are strings: tsx would
 * wrap named functions passed to page.evaluate in a helper the page does not have.
 */
export function timedInPage(page: Page, act: string, done: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const done = () => { ${done} };
    const t0 = performance.now();
    let observer, timer;
    const finish = (err) => {
      observer.disconnect();
      clearInterval(timer);
      if (err) reject(err);
      // Until the frame that shows it is rendered: a task queued from the next animation frame
      // runs after that frame's style, layout and paint.
      else requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    };
    const check = () => {
      if (done()) finish(null);
      else if (performance.now() - t0 > 30000) finish(new Error("not done in 30 s"));
    };
    observer = new MutationObserver(check);
    timer = setInterval(check, 2);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    ${act};
  })`);
}
