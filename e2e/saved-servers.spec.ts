/**
 * Config in the page (issue 12): paste a VS Code config whose server asks for inputs, fill them in,
 * review it across the workspace (Connect in view at 1280×800 with three servers), choose to save,
 * connect; the server is saved. Then the app restarts (an instance of this spec's own, with its own
 * config directory) and a deep link naming the saved server offers one click to connect it again,
 * then opens the linked resource. A link alone starts nothing.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { freePort } from "../server/testing/http-servers";
import { expect, test } from "./fixtures";
import { startAppProcess } from "./support/app-process";

const TOKEN = "saved-servers-e2e-token";
const SECRET = "typed-secret-4d1b";
const GUIDE = "demo://docs/guides/getting-started.md";

const config = JSON.stringify(
  {
    inputs: [
      { type: "promptString", id: "count", description: "How many demo items" },
      { type: "promptString", id: "api-key", description: "Your API key", password: true },
    ],
    servers: {
      // Fails to start: the servers after it still connect, and it is not saved.
      broken: { command: process.execPath, args: ["/nonexistent/server.js"] },
      "my-server": {
        type: "stdio",
        command: process.execPath,
        args: [path.resolve("dist/demo-server.mjs")],
        env: { DEMO_RESOURCE_COUNT: "${input:count}", DEMO_API_KEY: "${input:api-key}" },
      },
      // Reviewed, then left out.
      docs: {
        type: "http",
        url: "http://127.0.0.1:9/mcp",
        headers: { Authorization: "Bearer ${DOCS_TOKEN}" },
      },
    },
  },
  null,
  2,
);

async function stop(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null) return;
  const exited = new Promise((r) => app.once("exit", r));
  app.kill("SIGTERM");
  await exited;
}

const sessions = async (port: number) =>
  (
    (await (
      await fetch(`http://127.0.0.1:${port}/api/sessions`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).json()) as { sessions: { id: string; name: string; status: string }[] }
  ).sessions;

const tree = (page: Page) => page.getByRole("tree").first();
const viewer = (page: Page) => page.getByRole("region", { name: "Resource content" });

test("a pasted VS Code config with inputs connects and is saved; after a restart its deep link connects it with one click and opens the resource", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-saved-e2e-"));
  const env = { MCP_INSPECTOR_CONFIG_DIR: dir };
  let app = await startAppProcess(port, TOKEN, env);
  try {
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/?token=${TOKEN}`);
    const box = page.getByRole("textbox", { name: "Server command or URL" });
    await box.fill(config);
    await page.getByRole("button", { name: "Review", exact: true }).click();

    // The review: exact command and arguments, env names, the inputs asked for (the key masked).
    const review = page.getByRole("region", { name: "Review the servers in the config" });
    await expect(review).toContainText("Found 3 servers");
    // Across the workspace's two wide columns, not the 270 px sidebar: the servers side by side,
    // Connect visible without scrolling.
    expect((await review.boundingBox())!.width).toBeGreaterThan(800);
    await expect(page.getByRole("complementary", { name: "Servers" })).not.toContainText("Found 3 servers");
    await expect(review.getByRole("button", { name: "Connect 3 servers" })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath("import-review-wide.png") });
    await review.getByRole("checkbox", { name: "docs" }).uncheck();
    // Saving is the user's choice: unticked until chosen; only then can a value be kept.
    const save = review.getByRole("checkbox", { name: /Save to my servers/ });
    await expect(save).not.toBeChecked();
    await expect(review.getByRole("checkbox", { name: "keep this value" })).toHaveCount(0);
    await save.check();
    await expect(review.getByRole("list", { name: "my-server: command and arguments" })).toContainText(
      "demo-server.mjs",
    );
    await expect(review).toContainText("DEMO_RESOURCE_COUNTfrom input count");
    const key = review.getByLabel(/api-key — Your API key/);
    await expect(key).toHaveAttribute("type", "password");
    await review.getByLabel(/count — How many demo items/).fill("3");
    await key.fill(SECRET);
    // Keep the item count in the file; the key is a password input, never kept.
    await review
      .getByRole("listitem")
      .filter({ hasText: "DEMO_RESOURCE_COUNT" })
      .getByRole("checkbox", { name: "keep this value" })
      .check();
    await expect(review.getByRole("checkbox", { name: "a password: never saved" })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath("import-review.png") });
    expect(await sessions(port)).toEqual([]);
    await review.getByRole("button", { name: "Connect 2 servers" }).click();

    // One failed (its error shown), the other connected with the inputs: 3 items; the URL names it.
    await expect(review).toContainText("broken did not connect", { timeout: 20_000 });
    await expect(review.getByRole("listitem").filter({ hasText: "my-server" }).first()).toContainText(
      "Connected",
      {
        timeout: 20_000,
      },
    );
    await expect(review.getByRole("button", { name: "Connect 1 server" })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath("import-results.png") });
    await review.getByRole("button", { name: "Edit" }).click();
    await expect(review).toHaveCount(0);
    await expect(tree(page)).toBeVisible({ timeout: 20_000 });
    const [connected] = await sessions(port);
    expect(connected).toMatchObject({ name: "my-server", status: "connected" });
    const listed = (await (
      await fetch(`${base}/api/sessions/${connected!.id}/resources`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      })
    ).json()) as { resources: { uri: string }[] };
    expect(listed.resources.filter((r) => r.uri.startsWith("demo://items/"))).toHaveLength(3);
    await expect(page).toHaveURL(/server=my-server/);
    const saved = page.getByRole("region", { name: "Saved servers" });
    const entry = saved.getByRole("listitem", { name: "my-server" });
    await expect(entry).toContainText("demo-server.mjs");
    await expect(entry).toContainText("DEMO_RESOURCE_COUNTstored");
    await expect(entry).toContainText("Needs from the environment: DEMO_API_KEY");
    await expect(saved.getByRole("listitem")).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath("saved-list.png") });
    expect(await page.content()).not.toContain(SECRET);

    const file = path.join(dir, "servers.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file, "utf8");
    expect(raw).not.toContain(SECRET);
    expect(JSON.parse(raw)).toMatchObject({
      servers: [
        { name: "my-server", launch: { env: { DEMO_RESOURCE_COUNT: "3", DEMO_API_KEY: "${DEMO_API_KEY}" } } },
      ],
    });

    // Restart the app; the key now comes from its environment, as the saved reference says.
    await stop(app);
    app = await startAppProcess(port, TOKEN, { ...env, DEMO_API_KEY: "from-env" });
    const link = new URLSearchParams({ server: "my-server", uri: GUIDE, token: TOKEN });
    await page.goto(`${base}/?${link.toString()}`);
    const resources = page.getByRole("region", { name: /resources/i });
    const connect = resources.getByRole("button", { name: "Connect my-server" });
    await expect(resources).toContainText("my-server is a saved server that is not connected.");
    // The link alone started nothing.
    expect(await sessions(port)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("deep-link.png") });
    await connect.click();
    await expect(viewer(page)).toContainText("Getting started", { timeout: 20_000 });
    expect((await sessions(port)).map((s) => [s.name, s.status])).toEqual([["my-server", "connected"]]);
    await expect(page).toHaveURL(/server=my-server&uri=demo%3A%2F%2Fdocs%2Fguides%2Fgetting-started\.md/);
    await expect(tree(page)).toBeVisible();

    // One click removes it from the list (and the file).
    await page.getByRole("button", { name: "Remove my-server" }).click();
    await expect(saved).toHaveCount(0);
    expect((JSON.parse(readFileSync(file, "utf8")) as { servers: unknown[] }).servers).toEqual([]);
  } finally {
    await stop(app);
    rmSync(dir, { recursive: true, force: true });
  }
});
