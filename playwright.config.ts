import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 6391);
export const E2E_TOKEN = "e2e-token-7c1d9a";
/**
 * The app's config folder (saved servers, remembered tokens) for this run: never the user's own
 * ~/.config, and empty at the start of every run (the runner loads this file before any worker).
 */
export const E2E_CONFIG_DIR = path.join(tmpdir(), `mcp-inspector-e2e-config-${E2E_PORT}`);
if (!process.env.TEST_WORKER_INDEX) rmSync(E2E_CONFIG_DIR, { recursive: true, force: true });

/** Debian's chromium: no browser downloads on this network (see README). Also used by the bench. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Specs a user exports from a recording are theirs, not part of this suite.
  testIgnore: ["**/.generated/**"],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
    acceptDownloads: true,
    // A failed test keeps its trace (test-results/…/trace.zip, `npx playwright show-trace`), so a
    // CI failure can be stepped through; passing tests write none.
    trace: "retain-on-failure",
  },
  webServer: {
    // The launcher itself (not `npm start`) so SIGTERM reaches the process that owns the servers.
    command: "node --import tsx server/cli/run-source.mjs server/cli/start.ts",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { PORT: String(E2E_PORT), MCP_INSPECTOR_TOKEN: E2E_TOKEN, MCP_INSPECTOR_CONFIG_DIR: E2E_CONFIG_DIR },
  },
});
