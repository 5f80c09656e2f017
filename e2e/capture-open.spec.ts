/**
 * Issue 25, "open offline", in real Chromium against the built app: `--open FILE` on a capture the
 * test writes by hand (lib/capture/format.ts) shows it in the same workspace, read-only, with no
 * server process — the tree, the viewer's renderers (text, JSON, image, binary), a read not
 * captured saying so, the captured traffic, stderr and problems (a host finding among them), and
 * a banner that says what it is. Then a capture file dropped on the page opens the same way, and
 * a file that is not one says why.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CAPTURE_FORMAT, CAPTURE_VERSION, encodeCapture, type Capture } from "../lib/capture/format";
import { E2E_PORT } from "../playwright.config";
import { expect, test } from "./fixtures";
import { startAppProcess, stopAppProcess } from "./support/app-process";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const BLOB = Buffer.from(Array.from({ length: 64 }, (_, i) => i)).toString("base64");
const at = "2026-11-30T09:14:00.000Z";

function capture(name: string): Capture {
  const problem = (code: Capture["problems"][number]["code"], message: string, extra = {}) => ({
    code,
    severity: "warning" as const,
    message,
    specUrl: "https://modelcontextprotocol.io/specification/2025-11-25/server/resources",
    at,
    count: 1,
    evidence: { uri: "cap://docs/unread.txt" },
    why: "Captured with the file.",
    ...extra,
  });
  return {
    format: CAPTURE_FORMAT,
    version: CAPTURE_VERSION,
    capturedAt: "2026-11-30T09:15:00.000Z",
    inspector: "0.1.0",
    name,
    launch: { kind: "stdio", program: "node", args: ["weather-server.js"], env: { API_KEY: "${API_KEY}" } },
    server: {
      name: "weather-server",
      version: "3.1.0",
      protocolVersion: "2025-11-25",
      era: "legacy",
      capabilities: { resources: { subscribe: true, listChanged: true } },
    },
    resources: {
      pages: [
        {
          items: [
            { uri: "cap://docs/readme.txt", name: "readme.txt", mimeType: "text/plain" },
            { uri: "cap://docs/unread.txt", name: "unread.txt" },
          ],
          nextCursor: "p2",
        },
        {
          cursor: "p2",
          items: [
            { uri: "cap://data/forecast.json", name: "forecast.json", mimeType: "application/json" },
            { uri: "cap://images/dot.png", name: "dot.png", mimeType: "image/png" },
            { uri: "cap://data/raw.bin", name: "raw.bin", mimeType: "application/octet-stream" },
          ],
        },
      ],
    },
    templates: { pages: [{ items: [{ uriTemplate: "cap://city/{name}", name: "city" }] }] },
    reads: [
      {
        uri: "cap://docs/readme.txt",
        at,
        result: {
          contents: [{ uri: "cap://docs/readme.txt", mimeType: "text/plain", text: "Sunny all week." }],
        },
      },
      {
        uri: "cap://data/forecast.json",
        at,
        result: {
          contents: [
            {
              uri: "cap://data/forecast.json",
              mimeType: "application/json",
              text: '{"city":"Lisbon","high":31}',
            },
          ],
        },
      },
      {
        uri: "cap://images/dot.png",
        at,
        result: { contents: [{ uri: "cap://images/dot.png", mimeType: "image/png", blob: PNG }] },
      },
      {
        uri: "cap://data/raw.bin",
        at,
        result: {
          contents: [{ uri: "cap://data/raw.bin", mimeType: "application/octet-stream", blob: BLOB }],
        },
      },
    ],
    budget: { all: false, maxBytes: 52_428_800, usedBytes: 200, skipped: [] },
    traffic: {
      entries: [
        {
          seq: 1,
          at: Date.parse(at),
          direction: "out",
          kind: "request",
          method: "resources/read",
          rpcId: 41,
          bytes: 90,
          message: {
            jsonrpc: "2.0",
            id: 41,
            method: "resources/read",
            params: { uri: "cap://docs/readme.txt" },
          },
          truncated: false,
        },
        {
          seq: 2,
          at: Date.parse(at) + 5,
          direction: "in",
          kind: "response",
          method: "resources/read",
          rpcId: 41,
          bytes: 120,
          latencyMs: 5,
          message: { jsonrpc: "2.0", id: 41, result: { contents: [] } },
          truncated: false,
        },
      ],
      dropped: 0,
    },
    stderr: { lines: ["weather-server listening on stdio (captured line)"], dropped: 0 },
    problems: [
      problem("missing-mime-type", "cap://docs/unread.txt is listed without a mimeType (captured)"),
      problem("host-list-fails", "Gemini CLI dropped the server when resources/list failed (captured)", {
        severity: "error",
        hosts: ["gemini-cli"],
      }),
    ],
  };
}

test.afterEach(async ({ api }) => api.deleteAll());

async function openPanelTab(page: Page, tab: string) {
  const panel = page.getByRole("region", { name: "Server panel" });
  // A tab opens the panel; the current tab pressed again closes it.
  await panel.getByRole("tab", { name: tab }).click();
  const show = panel.getByRole("button", { name: "Show panel ▴" });
  if (await show.isVisible()) await show.click();
  return panel.getByRole("tabpanel");
}

test("npm start --open FILE shows the capture read-only: tree, every renderer, not captured, traffic, problems, banner", async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-capture-open-"));
  const file = path.join(dir, "weather.mcpcapture.json.gz");
  writeFileSync(file, await encodeCapture(capture("weather")));
  const port = E2E_PORT + 7;
  const token = "capture-open-e2e-token";
  const app = await startAppProcess(port, token, {}, ["--no-open", "--open", file]);
  let stderr = "";
  app.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  try {
    await expect.poll(() => stderr, { timeout: 20_000 }).toContain("opened the capture of weather");
    const sessions = (await (
      await fetch(`http://127.0.0.1:${port}/api/sessions`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { sessions: { pid: number | null; capture?: { file?: string } }[] };
    expect(sessions.sessions.map((s) => [s.pid, s.capture?.file])).toEqual([
      [null, "weather.mcpcapture.json.gz"],
    ]);

    await page.goto(`http://127.0.0.1:${port}/?token=${token}`);
    const banner = page.getByRole("note", { name: "Capture" });
    await expect(banner).toContainText("Capture of weather, taken");
    await expect(banner).toContainText("by mcp-resource-inspector 0.1.0 — read-only, no server running.");
    await expect(banner).toContainText("4 reads captured · weather.mcpcapture.json.gz");
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "weather", exact: true }) });
    await expect(card.getByText("Capture", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Close weather" })).toBeVisible();

    // The tree from both captured pages.
    const tree = page.getByRole("tree").first();
    const item = (name: string) => tree.getByRole("treeitem", { name, exact: true });
    const open = async (folders: string[], leaf: string) => {
      for (const f of folders)
        if ((await item(f).getAttribute("aria-expanded")) === "false") await item(f).click();
      await item(leaf).click();
    };
    const viewer = page.getByRole("region", { name: "Resource content" });
    await open(["cap:", "docs"], "readme.txt");
    await expect(viewer).toContainText("Sunny all week.");
    // A capture does not change: no watch toggle, though the server declared subscribe.
    await expect(viewer.getByRole("button", { name: "Watch", exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("capture-banner.png") });
    const axe = await new AxeBuilder({ page })
      .include('[aria-label="Capture"]')
      .include('[aria-label="Servers"]')
      .analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await expect(page.getByText("0 servers connected")).toBeVisible();
    await page.getByRole("combobox", { name: "Theme" }).selectOption("Dark");
    await page.screenshot({ path: test.info().outputPath("capture-banner-dark.png") });
    const dark = await new AxeBuilder({ page })
      .include('[aria-label="Capture"]')
      .include('[aria-label="Servers"]')
      .analyze();
    expect(dark.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await page.getByRole("combobox", { name: "Theme" }).selectOption("Light");

    // The hosts' lens over the captured read, as for a live one.
    await viewer.getByRole("tab", { name: "Hosts" }).click();
    await expect(viewer.getByRole("region", { name: "Claude Code" })).toContainText(/≈ [\d,]+ tokens/);
    await viewer.getByRole("tab", { name: "Content" }).click();

    await open(["data"], "forecast.json");
    await expect(viewer.getByRole("list", { name: "JSON tree" })).toContainText("Lisbon");
    await open(["images"], "dot.png");
    const img = viewer.getByRole("img").first();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await open([], "raw.bin");
    await expect(viewer).toContainText(/Binary · application\/octet-stream · 64 B/);
    await open([], "unread.txt");
    await expect(viewer).toContainText(
      "This read was not captured (the capture holds 4 reads; capture with --all to include every resource).",
    );

    const traffic = await openPanelTab(page, "Traffic");
    await expect(traffic.getByText("resources/read").first()).toBeVisible();
    await expect(traffic.getByText("initialize")).toHaveCount(0);
    const problems = await openPanelTab(page, "Problems");
    await expect(problems.getByText("missing-mime-type", { exact: true })).toBeVisible();
    await expect(problems.getByText("host-list-fails", { exact: true })).toBeVisible();
    await expect(problems.getByText("Found when it was captured")).toBeVisible();
    await expect(problems.getByRole("button", { name: "Check this server" })).toHaveCount(0);
    const hosts = await openPanelTab(page, "Hosts");
    await expect(hosts.getByRole("table", { name: "Host matrix" }).locator("tbody tr")).toHaveCount(4);
    const log = await openPanelTab(page, "stderr");
    await expect(log).toContainText("weather-server listening on stdio (captured line)");
    await expect(
      page.getByRole("region", { name: "Server panel" }).getByRole("tab", { name: "Tools" }),
    ).toHaveCount(0);

    // Close removes it.
    await card.getByRole("button", { name: "Close weather" }).click();
    await expect(banner).toHaveCount(0);
  } finally {
    await stopAppProcess(app);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("npm start --open on a file that is not a capture says why in one line and exits 2", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-capture-bad-"));
  const file = path.join(dir, "servers.json");
  writeFileSync(file, '{"mcpServers":{}}');
  const { spawnSync } = await import("node:child_process");
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "server/cli/run-source.mjs", "server/cli/start.ts", "--open", file],
    {
      env: { ...process.env, PORT: "0", MCP_INSPECTOR_SKIP_BUILD: "1" },
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  rmSync(dir, { recursive: true, force: true });
  expect(r.status).toBe(2);
  expect(r.stderr.trim()).toBe(
    `mcp-resource-inspector: ${file}: not a capture file (its format field is not ${CAPTURE_FORMAT}) (see --help)`,
  );
});

test("a capture file dropped on the page opens offline; a file that is not one says why", async ({
  page,
  inspector,
  api,
}) => {
  await inspector.open();
  const drop = async (name: string, bytes: Uint8Array) => {
    const dataTransfer = await page.evaluateHandle(
      ({ name, b64 }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name));
        return dt;
      },
      { name, b64: Buffer.from(bytes).toString("base64") },
    );
    const target = page.getByRole("complementary", { name: "Servers" });
    await target.dispatchEvent("dragenter", { dataTransfer });
    await expect(page.getByText("Drop a capture file to open it offline")).toBeVisible();
    await target.dispatchEvent("drop", { dataTransfer });
  };
  await drop("notes.txt", new TextEncoder().encode("just some notes"));
  await expect(page.getByRole("alert").filter({ hasText: "This file cannot be opened" })).toContainText(
    "This file cannot be opened: not a capture file (not gzip or JSON)",
  );
  await page.getByRole("button", { name: "Dismiss" }).click();

  await drop("dropped.mcpcapture.json.gz", await encodeCapture(capture("dropped weather")));
  const banner = page.getByRole("note", { name: "Capture" });
  await expect(banner).toContainText("Capture of dropped weather, taken");
  await expect(banner).toContainText("dropped.mcpcapture.json.gz");
  await expect(page).toHaveURL(/server=/);
  await inspector.openResource(["cap:", "docs"], "readme.txt");
  await expect(inspector.viewer).toContainText("Sunny all week.");
  const [session] = await api.sessions();
  expect(session).toMatchObject({ pid: null, capture: { file: "dropped.mcpcapture.json.gz" } });
});
