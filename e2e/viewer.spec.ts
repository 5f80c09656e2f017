/**
 * Issue #4 end to end: every renderer of the content viewer, hostile content that must never run
 * in the page, a 10 MB text, templates, and the tree at 10,000 resources. The built app in
 * Chromium against the demo server (server/demo/samples.ts).
 */
import type { Locator } from "@playwright/test";
import { createHash } from "node:crypto";
import path from "node:path";
import { DEMO_SAMPLE_URIS as S, DEMO_URIS } from "../server/demo/uris";
import { expect, test as base } from "./fixtures";
import { recordMeasure } from "./support/measure";
import { median as medianOf, typeAndTimeFilter } from "./support/filter-timing";

/** The demo's samples in the viewer: the demo starts at a test's first open, once. */
interface DemoSamples {
  /** Opens `uri` in the viewer; its first content item. */
  open(uri: string): Promise<Locator>;
  /** The demo's session id, once a sample is open. */
  readonly demoId: string;
}

const test = base.extend<{ samples: DemoSamples }>({
  samples: async ({ inspector, api }, provide) => {
    let demoId: string | undefined;
    await provide({
      async open(uri) {
        demoId ??= await api.startDemo();
        await inspector.openUri(demoId, uri);
        return inspector.contentItem;
      },
      get demoId() {
        if (demoId === undefined) throw new Error("no sample is open yet");
        return demoId;
      },
    });
  },
});

test.afterEach(async ({ page, inspector, api }) => {
  // Whatever a test opened or previewed, nothing a server sent ran in the page.
  if (!page.isClosed()) {
    expect(await inspector.canary()).toBeUndefined();
    expect(page.url()).not.toContain("#pwned");
  }
  await api.deleteAll();
});

test("markdown renders GFM; raw HTML stays text and the javascript: link is not a link", async ({
  page,
  samples,
}) => {
  const item = await samples.open(S.markdown);
  await expect(item.getByRole("heading", { name: "Markdown with hostile parts" })).toBeVisible();
  await expect(item.getByRole("cell", { name: "scheme allow-list" })).toBeVisible();
  await expect(item.getByRole("checkbox").first()).toBeChecked();
  await expect(item.getByRole("link", { name: "a safe https link" })).toHaveAttribute(
    "href",
    "https://modelcontextprotocol.io/",
  );
  await expect(item.getByRole("link", { name: "mail us" })).toHaveAttribute(
    "href",
    "mailto:demo@example.com",
  );
  // Inert: javascript:, relative and data: links are text, not links.
  for (const name of ["click me", "relative", "data"]) {
    await expect(item.getByRole("link", { name })).toHaveCount(0);
    await expect(item.locator('span[title^="Not a link"]', { hasText: name }).first()).toBeVisible();
  }
  await expect(page.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);
  // Raw HTML is shown as text, never as elements.
  await expect(item.getByText("<script>window.__pwned = true;", { exact: false })).toBeVisible();
  await expect(page.locator('img[src="x"], script:has-text("__pwned")')).toHaveCount(0);
  await expect(item.getByText("remote logo")).toBeVisible();
  await expect(page.locator('img[src^="https:"]')).toHaveCount(0);

  await item.getByRole("button", { name: "Source" }).click();
  await expect(item.getByRole("region", { name: "Markdown source" })).toContainText(
    "# Markdown with hostile parts",
  );
});

test("JSON shows as a collapsible tree, pretty-printed, or raw; from a pasted .vscode/mcp.json given its workspace folder, and at 1024×700 with the server panel open", async ({
  page,
  inspector,
}) => {
  // Started as a VS Code user would (issue 33 item 10): the demo found only through
  // ${workspaceFolder}, which a paste does not have, so the review asks for it and shows it expanded.
  const root = process.cwd();
  await inspector.open();
  const config = {
    servers: {
      "json-demo": { command: process.execPath, args: ["${workspaceFolder}/dist/demo-server.mjs"] },
    },
  };
  await page.getByRole("textbox", { name: "Server command or URL" }).fill(JSON.stringify(config, null, 2));
  await page.getByRole("button", { name: "Review", exact: true }).click();
  const review = page.getByRole("region", { name: "Review the servers in the config" });
  await expect(review).toContainText(
    '"json-demo" uses ${workspaceFolder}, the folder VS Code has open, and a pasted config has none: give the workspace folder to connect it.',
  );
  const connect = review.getByRole("button", { name: "Connect 1 server" });
  await expect(connect).toBeDisabled();
  const folder = review.getByRole("textbox", { name: /Workspace folder/ });
  await folder.fill(path.join(root, "no-such-folder"));
  await expect(review.getByRole("alert")).toHaveText(`${path.join(root, "no-such-folder")} does not exist.`);
  await folder.fill(root);
  const words = review.getByRole("list", { name: "json-demo: command and arguments" });
  await expect(words).toContainText(path.join(root, "dist/demo-server.mjs"));
  await expect(review).toContainText(`in ${root}`);
  await expect(review).not.toContainText("a pasted config has none");
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/vscode-review.png` });
  await connect.click();
  await expect(inspector.selectedServerCard).toContainText("json-demo", { timeout: 20_000 });
  await expect(review).toHaveCount(0);

  // The viewer keeps room to read at a small laptop's size with the panel open (it was 100 px).
  await page.setViewportSize({ width: 1024, height: 700 });
  await inspector.openUri("json-demo", S.json);
  const panel = page.getByRole("region", { name: "Server panel" });
  await panel.getByRole("button", { name: "Show panel ▴" }).click();
  await expect(panel.getByRole("tabpanel")).toBeVisible();
  const item = inspector.contentItem;
  const viewer = (await inspector.viewer.boundingBox())!;
  const content = (await item.boundingBox())!;
  const visible = viewer.y + viewer.height - content.y;
  recordMeasure(
    "viewer-1024x700-panel-open",
    `viewer ${Math.round(viewer.width)}×${Math.round(viewer.height)} px, content ${Math.round(content.width)}×${Math.round(visible)} px in view`,
  );
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/viewer-1024x700-panel.png` });
  expect(visible).toBeGreaterThanOrEqual(290);
  expect(content.width).toBeGreaterThanOrEqual(300);
  // The user gives the panel more of the window from its edge (here by keyboard).
  const body = panel.getByRole("tabpanel");
  const before = (await body.boundingBox())!.height;
  await panel.getByRole("separator", { name: "Resize the server panel" }).press("ArrowUp");
  await expect.poll(async () => (await body.boundingBox())!.height).toBe(before + 24);

  const tree = item.getByRole("list", { name: "JSON tree" });
  await expect(tree).toContainText('"demo catalog"');
  const teams = tree.getByRole("button", { name: /"teams"/ });
  await expect(teams).toHaveAttribute("aria-expanded", "false");
  await teams.click();
  await expect(teams).toHaveAttribute("aria-expanded", "true");
  await expect(tree).toContainText('"viewer"');
  await tree.getByRole("button", { name: /"owner"/ }).click();
  await expect(tree.getByRole("button", { name: /"teams"/ })).toHaveCount(0);

  await item.getByRole("button", { name: "Pretty" }).click();
  await expect(item.getByRole("region", { name: "JSON (pretty)" })).toContainText('"name": "demo catalog"');
  await item.getByRole("button", { name: "Raw" }).click();
  await expect(item.getByRole("region", { name: "JSON (as sent)" })).toContainText('"stable": true');
});

test("CSV and TSV render as tables, quoted fields intact", async ({ samples }) => {
  let table = (await samples.open(S.csv)).getByRole("table");
  await expect(table.getByRole("columnheader", { name: "note" })).toBeVisible();
  await expect(table.getByRole("cell", { name: `said "it's easier to ask forgiveness"` })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(5);

  table = (await samples.open(S.tsv)).getByRole("table");
  await expect(table.getByRole("cell", { name: "Katherine Johnson" })).toBeVisible();
});

test("code and config types are syntax highlighted", async ({ inspector, samples }) => {
  const cases: [string, string][] = [
    [S.codeTs, "readFile"],
    [S.codePython, "def load"],
    [S.codeYaml, "listChanged"],
    [S.codeToml, "[project]"],
    [S.codeSql, "SELECT"],
    [S.codeShell, "set -euo pipefail"],
    [S.codeCss, "--accent"],
    [S.codeXml, "Demo feed"],
  ];
  for (const [uri, text] of cases) {
    const item = await samples.open(uri);
    await expect(inspector.contentBody).toHaveAttribute("data-renderer", "code");
    await expect(item.getByRole("region", { name: "Source" })).toContainText(text);
    // Prism tokens rendered as elements, several kinds of them.
    expect(await item.locator(".token").count(), uri).toBeGreaterThan(3);
  }
});

test("HTML shows its source first; the preview is a sandboxed frame its script cannot escape", async ({
  page,
  inspector,
  samples,
}) => {
  const item = await samples.open(S.html);
  await expect(item.getByRole("region", { name: "HTML source" })).toContainText("A page with a script");
  await expect(page.locator("iframe")).toHaveCount(0);

  await item.getByRole("button", { name: "Preview" }).click();
  const frame = item.locator('iframe[title="HTML preview (sandboxed)"]');
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame).toHaveAttribute("src", /^\/frame\//);
  await expect(page.frameLocator('iframe[title="HTML preview (sandboxed)"]').locator("#status")).toHaveText(
    /did not run/,
  );

  await item.getByRole("checkbox", { name: /run its scripts/i }).check();
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts");
  // The script ran, but only inside the frame's own opaque origin.
  await expect(page.frameLocator('iframe[title="HTML preview (sandboxed)"]').locator("#status")).toHaveText(
    "This script ran, inside the sandbox only.",
  );
  const inner = page.frames().find((f) => f !== page.mainFrame());
  expect(await inner?.evaluate(() => (window as Window & { __pwned?: boolean }).__pwned)).toBe(true);
  expect(await inner?.evaluate(() => self.origin)).toBe("null");
  expect(await inspector.canary()).toBeUndefined();
  for (const sandbox of await page
    .locator("iframe")
    .evaluateAll((fs) => fs.map((f) => f.getAttribute("sandbox")))) {
    expect(sandbox).not.toContain("allow-same-origin");
  }
});

test("an MCP App page (ui://, profile=mcp-app) is source first and previews sandboxed", async ({
  page,
  inspector,
  samples,
}) => {
  const item = await samples.open(S.mcpApp);
  await expect(inspector.contentBody).toHaveAttribute("data-renderer", "html");
  await expect(item.getByText(/MCP App page/)).toBeVisible();
  await item.getByRole("button", { name: "Preview" }).click();
  await item.getByRole("checkbox", { name: /run its scripts/i }).check();
  await expect(page.frameLocator("iframe").locator("#app")).toHaveText(/rendered by its own script/);
});

test("SVG shows only through <img>, where its script never runs", async ({ page, samples }) => {
  const item = await samples.open(S.svg);
  const img = item.getByRole("img", { name: S.svg });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("src", /^data:image\/svg\+xml/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(160);
  await expect(page.locator("svg text")).toHaveCount(0); // never inlined
  await item.getByRole("button", { name: "Source" }).click();
  await expect(item.getByRole("region", { name: "SVG source" })).toContainText("<script>");
});

test("images: natural size, zoom and a PNG blob recognised from its bytes alone", async ({
  inspector,
  samples,
}) => {
  const item = await samples.open(DEMO_URIS.logo);
  await expect(item.getByText("32 × 32 px")).toBeVisible();
  await item.getByRole("button", { name: "200%" }).click();
  await expect.poll(() => item.getByRole("img").evaluate((el) => (el as HTMLImageElement).width)).toBe(64);

  const png = await samples.open(S.unlabelledPng);
  await expect(inspector.contentBody).toHaveAttribute("data-renderer", "image");
  await expect(png.getByText(/shown as image\/png \(from its bytes\)/)).toBeVisible();
});

test("audio plays in the browser's own player", async ({ samples }) => {
  const audio = (await samples.open(S.wav)).locator("audio");
  await expect(audio).toHaveAttribute("src", /^blob:/);
  await expect(audio).toHaveAttribute("controls", "");
  await expect.poll(() => audio.evaluate((el) => (el as HTMLAudioElement).duration)).toBeCloseTo(0.25, 2);
});

test("a binary shows its type, size, sha256, what it looks like and a hex dump; Download works", async ({
  page,
  api,
  samples,
}) => {
  const item = await samples.open(DEMO_URIS.archive);
  const read = await api.read(samples.demoId, DEMO_URIS.archive);
  const blob = (read.contents[0] as { blob?: string } | undefined)?.blob ?? "";
  const bytes = Buffer.from(blob, "base64");
  await expect(item).toContainText(`Binary · application/gzip · ${bytes.length} B`);
  await expect(item).toContainText("gzip (application/gzip)");
  await expect(item).toContainText(createHash("sha256").update(bytes).digest("hex"));
  await expect(item.getByLabel("Hex dump")).toContainText("00000000  1f 8b 08");

  const download = page.waitForEvent("download");
  await item.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("archive.gz");

  // A PDF: Chromium cannot show it in a sandboxed frame, so it gets the same placeholder.
  await expect(await samples.open(S.pdf)).toContainText("PDF document (application/pdf)");
});

test("the viewer says where the server contradicts itself", async ({ samples }) => {
  const item = await samples.open(S.contradiction);
  const warnings = item.getByRole("list", { name: "Server inconsistencies" });
  await expect(warnings).toContainText(
    "The content says application/json; the resource list said text/plain.",
  );
  await expect(warnings).toContainText("The resource list says 12 bytes");
  await expect(warnings).toContainText(`not the requested ${S.contradiction}`);
  // Copy is there for every item.
  for (const name of ["Copy text", "Copy URI", "Copy JSON", "Download"]) {
    await expect(item.getByRole("button", { name })).toBeVisible();
  }
});

test("a textual blob is shown as text (markdown sent base64)", async ({ samples }) => {
  const item = await samples.open(S.markdownBlob);
  await expect(item.getByRole("heading", { name: "Notes sent as a blob" })).toBeVisible();
});

test("a 10 MB text opens without freezing: first line within a couple of seconds, the end reachable", async ({
  inspector,
  api,
}) => {
  const demoId = await api.startDemo();
  // The demo makes the text on its first read; make it now, so the clock below times the viewer
  // (read through the backend, parse, render), not the demo's generator.
  await api.read(demoId, S.largeText);
  await inspector.open(`server=${demoId}`);
  const large = inspector.treeItem("large");
  await expect(inspector.treeItem("demo:")).toHaveAttribute("aria-expanded", "true"); // roots start open
  await large.click();
  await expect(large).toHaveAttribute("aria-expanded", "true");
  const started = Date.now();
  await inspector.treeItem("10 MB of text").click();
  const region = inspector.contentItem.getByRole("region", { name: "Text" });
  // The speed goal (first line within a couple of seconds) is a median in `npm run bench`; here a
  // single run only has to show it at all, on a loaded CI machine too.
  await expect(region).toContainText("line 1 of 125000:", { timeout: 20_000 });
  recordMeasure("10 MB open (click → first line)", `${Date.now() - started} ms`);
  // Only the visible rows are in the DOM.
  expect(await region.locator(":scope > div > div").count()).toBeLessThan(200);
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(region).toContainText("line 125000 of 125000:");
  // The page still answers.
  await large.click();
  await expect(large).toHaveAttribute("aria-expanded", "false");
});

test("a template form fills in with completions and reads the expanded URI", async ({ page, inspector }) => {
  await inspector.openDemo();
  await page.getByRole("button", { name: "Fill in Repository README" }).click();
  const form = page.getByRole("form", { name: "Fill in demo://repos/{owner}/{repo}/readme" });
  const owner = form.getByRole("combobox", { name: "owner" });
  await owner.fill("a");
  await expect(form.getByRole("listbox", { name: "Suggestions for owner" }).getByRole("option")).toHaveText([
    "acme",
  ]);
  await owner.press("ArrowDown");
  await expect(owner).toHaveAttribute("aria-activedescendant", /.+/);
  await owner.press("Enter");
  await expect(owner).toHaveValue("acme");
  // The other filled argument goes along as context: only acme's repositories are offered.
  const repo = form.getByRole("combobox", { name: "repo" });
  await repo.click();
  await expect(form.getByRole("listbox", { name: "Suggestions for repo" }).getByRole("option")).toHaveText([
    "anvil",
    "rocket-skates",
    "roadrunner-trap",
  ]);
  await form.getByRole("option", { name: "rocket-skates" }).click();
  await expect(form.getByRole("status", { name: "Expanded URI" })).toHaveText(
    "demo://repos/acme/rocket-skates/readme",
  );
  await form.getByRole("button", { name: "Read", exact: true }).click();
  await expect(
    inspector.viewer.getByRole("heading", { name: "acme/rocket-skates", exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/uri=demo%3A%2F%2Frepos%2Facme%2Frocket-skates%2Freadme/);
  // Remembered for next time.
  await page.getByRole("button", { name: "Close form" }).click();
  await page.getByRole("button", { name: "Fill in Repository README" }).click();
  await expect(form.getByRole("button", { name: "acme · rocket-skates" })).toBeVisible();
});

test("a pasted URI that fits a template is offered for reading", async ({ page, inspector }) => {
  await inspector.openDemo();
  await page.getByRole("textbox", { name: "Open URI" }).fill("demo://users/carol/profile");
  const matches = page.getByRole("list", { name: "Matching templates" });
  await expect(matches).toContainText("User profile");
  await expect(matches).toContainText("userId = carol");
  await matches.getByRole("button", { name: "Read it" }).click();
  await expect(inspector.contentItem.getByRole("list", { name: "JSON tree" })).toContainText(
    '"Carol Danvers"',
  );
});

test("10,000 resources: connect, the full tree, filtering per keystroke, keyboard to the end", async ({
  page,
  inspector,
  api,
}) => {
  await inspector.open();
  const started = Date.now();
  const id = await api.startDemo({ DEMO_RESOURCE_COUNT: "10000", DEMO_PAGE_SIZE: "100" });
  await expect(inspector.treeItem("demo:")).toBeVisible({ timeout: 10_000 });
  const connectToTree = Date.now() - started;
  recordMeasure("10k connect → tree (POST → first row)", `${connectToTree} ms`);

  const body = await api.getJson<{ resources: unknown[]; pages: number }>(`/api/sessions/${id}/resources`);
  expect(body.resources.length).toBeGreaterThanOrEqual(10_000);
  expect(body.pages).toBeGreaterThanOrEqual(100);

  // Each keystroke, measured in the page: keydown → the frame showing rows for the new filter.
  const timings = await typeAndTimeFilter(page, "item-9999");
  expect(timings).toHaveLength("item-9999".length);
  const median = medianOf(timings);
  recordMeasure(
    "10k filter keystroke (keydown → rows painted)",
    `median ${median.toFixed(0)} ms, all ${timings.map((t) => t.toFixed(0)).join(", ")}`,
  );
  // The < 100 ms goal is checked as a median in `npm run bench`; one run here only shows filtering
  // never stalls the page.
  expect(Math.max(...timings)).toBeLessThan(5_000);
  await expect(page.getByRole("status").filter({ hasText: /^1 match$/ })).toBeVisible();
  await expect(inspector.treeItem("item-9999")).toBeVisible();

  // Fuzzy when nothing contains the query.
  await inspector.filterBox.fill("getstarted");
  await expect(page.getByRole("status").filter({ hasText: "fuzzy" })).toBeVisible();
  await expect(inspector.treeItem("Getting started with the demo server")).toBeVisible();

  // Clear, expand everything, and walk to the last row with the keyboard.
  await inspector.filterBox.fill("");
  await page.getByRole("button", { name: "Expand all" }).click();
  await expect(inspector.treeItem("item-1")).toBeVisible();
  expect(await page.getByRole("treeitem").count()).toBeLessThan(200); // virtualized
  const first = page.getByRole("treeitem").first();
  await first.focus();
  await page.keyboard.press("End");
  const last = page.locator('[role="treeitem"]:focus');
  await expect(last).toHaveAttribute("aria-level", /\d/);
  await expect(last).toBeInViewport();
  const setSize = Number(await last.getAttribute("aria-setsize"));
  expect(Number(await last.getAttribute("aria-posinset"))).toBe(setSize);
  await page.keyboard.press("Home");
  await expect(page.locator('[role="treeitem"]:focus')).toHaveAccessibleName("demo:");
  await page.getByRole("button", { name: "Collapse all" }).click();
  await expect(page.getByRole("treeitem")).toHaveCount(3);
});

test("icons: data: shown at once; an https: icon only when asked, without cookies or Referer", async ({
  page,
  inspector,
  samples,
}) => {
  const remote = "https://icons.example.com/demo/logo-64.png";
  const requests: { url: string; headers: Record<string, string> }[] = [];
  await page
    .context()
    .addCookies([
      { name: "sid", value: "secret-cookie", domain: "icons.example.com", path: "/", secure: true },
    ]);
  // The host answers (this machine has no network): a 1×1 PNG that allows CORS.
  await page.route("https://icons.example.com/**", async (route) => {
    requests.push({ url: route.request().url(), headers: await route.request().allHeaders() });
    await route.fulfill({
      status: 200,
      contentType: "image/png",
      headers: { "Access-Control-Allow-Origin": "*" },
      body: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
  });
  await samples.open(DEMO_URIS.gettingStarted);
  const icons = inspector.viewer.getByRole("definition").filter({ hasText: remote });
  await expect(icons.locator('img[src^="data:image/png"]')).toHaveCount(2);
  await expect(icons.getByText(remote)).toBeVisible();
  expect(requests).toEqual([]); // nothing fetched from the icon's host yet

  await icons.getByRole("button", { name: "Load from icons.example.com" }).click();
  const img = icons.locator(`img[src="${remote}"]`);
  await expect(img).toHaveAttribute("crossorigin", "anonymous");
  await expect(img).toHaveAttribute("referrerpolicy", "no-referrer");
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
  expect(requests).toHaveLength(1);
  expect(requests[0]?.headers["cookie"]).toBeUndefined();
  expect(requests[0]?.headers["referer"]).toBeUndefined();
});
