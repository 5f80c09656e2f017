/**
 * Issue #4 with two real MCP App servers in Chromium: server-basic-vanillajs (218 KB of
 * `text/html;profile=mcp-app`) and server-pdf (4.3 MB). Each page opens as source, quickly; its
 * preview is a sandboxed frame without allow-same-origin; none of its script runs in our page.
 */
import path from "node:path";
import { expect, test } from "./fixtures";
import { recordMeasure } from "./support/measure";

const serverEntry = (pkg: string) =>
  path.join(process.cwd(), "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js");

test.afterEach(async ({ page, inspector, api }) => {
  if (!page.isClosed()) expect(await inspector.canary()).toBeUndefined();
  await api.deleteAll();
});

const cases = [
  // 218 KB with a minified line of ~124,000 characters: plain source, highlighting on request.
  {
    pkg: "server-basic-vanillajs",
    leaf: "ui://get-time/mcp-app.html",
    why: /A line of 123,77\d characters \(minified\?\) is too long to highlight/,
  },
  // 4.3 MB: over the rich-render limit.
  {
    pkg: "server-pdf",
    leaf: "ui://pdf-viewer/mcp-app.html",
    why: /4\.1 MiB is over 512 KiB: shown as plain text/,
  },
];

for (const { pkg, leaf, why } of cases) {
  test(`${pkg}: its MCP App page opens as source, quickly, and previews only sandboxed`, async ({
    page,
    inspector,
    api,
  }) => {
    const id = await api.createSession({ command: process.execPath, args: [serverEntry(pkg), "--stdio"] });
    await inspector.open(`server=${id}`);
    // The tree names a resource by its title or name; these servers name it by its URI.
    const item = inspector.tree.getByRole("treeitem", { name: leaf });
    const started = Date.now();
    await item.click();
    const source = inspector.contentItem.getByRole("region", { name: "HTML source" });
    await expect(source).toContainText(/<!doctype html>/i, { timeout: 10_000 });
    recordMeasure(`${pkg} (click → source on screen)`, `${Date.now() - started} ms`);
    await expect(inspector.contentBody).toHaveAttribute("data-renderer", "html");
    await expect(inspector.contentItem.getByText(/MCP App page \(profile=mcp-app\)/)).toBeVisible();
    await expect(inspector.contentItem.getByText(why)).toBeVisible();
    await expect(inspector.contentItem.getByText(/The preview works at any size/)).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    if (pkg === "server-basic-vanillajs") {
      // Asked for, the highlighted source cuts the long line into rows: still only a window in the DOM.
      const t0 = Date.now();
      await inspector.contentItem.getByRole("button", { name: "Highlight anyway" }).click();
      await expect(source.locator(".token.doctype").first()).toBeVisible({ timeout: 10_000 });
      recordMeasure(`${pkg} (Highlight anyway → highlighted)`, `${Date.now() - t0} ms`);
      expect(await source.locator("[data-index]").count()).toBeLessThan(200);
    }

    await inspector.contentItem.getByRole("button", { name: "Preview" }).click();
    const frame = inspector.contentItem.locator('iframe[title="HTML preview (sandboxed)"]');
    await expect(frame).toHaveAttribute("sandbox", "");
    await inspector.contentItem.getByRole("checkbox", { name: /run its scripts/i }).check();
    await expect(frame).toHaveAttribute("sandbox", "allow-scripts");
    // The frame is an opaque origin: nothing in it can reach our document, storage or API.
    const inner = page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => inner?.evaluate(() => self.origin)).toBe("null");
    expect(await inspector.canary()).toBeUndefined();
    expect(await page.evaluate(() => document.title)).not.toMatch(/Get Time|PDF Viewer/);
    const base = new URL(page.url()).origin;
    const probe = await inner?.evaluate(async (url) => {
      try {
        const r = await fetch(`${url}/api/sessions`);
        return `status ${r.status}`;
      } catch (e) {
        return `blocked: ${String(e)}`;
      }
    }, base);
    // Blocked by the CSP or CORS, or refused by the token and Origin checks: never answered.
    expect(probe).toMatch(/^(blocked|status 40[13])/);
  });
}
