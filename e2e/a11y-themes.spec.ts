/**
 * Issue #16: every main view in both colour themes, audited by axe (zero serious or critical
 * violations) and measured for layout (e2e/support/layout.ts: nothing spills sideways, no control
 * covered or off-screen, no text drawn over text, every large surface in the theme's colours), so
 * a view that breaks in one theme fails the build. Measured, not compared to pixel baselines: a
 * baseline holds one machine's font rasterising (issue 33 item 1). One app start, one page, one
 * demo server.
 */
import AxeBuilder from "@axe-core/playwright";
import { DEMO_SAMPLE_URIS as S, DEMO_URIS } from "../server/demo/uris";
import { expect, test } from "./fixtures";
import { layoutFaults } from "./support/layout";

type Theme = "light" | "dark";
const THEMES: readonly Theme[] = ["light", "dark"];

interface View {
  name: string;
  /** Brings the view up (after the theme is chosen, for views that cover the header). */
  open?: () => Promise<void>;
  /** Takes it down again, before the next theme is chosen. */
  close?: () => Promise<void>;
  /**
   * The part axe audits (a CSS selector); the whole page if not given. The page around a
   * renderer is the connected-tree view, audited once per theme already: axe takes 5–15 s per
   * full page on a loaded 2-core machine.
   */
  scope?: string;
}

const VIEWER = '[aria-label="Resource content"]';

test.use({ viewport: { width: 1280, height: 800 } });

test.afterEach(async ({ api }) => api.deleteAll());

test("every main view, light and dark: no serious axe violation, and a sound layout", async ({
  page,
  inspector,
  api,
}) => {
  test.setTimeout(600_000);
  const checked = new Set<string>();
  const found: string[] = [];

  const chooseTheme = async (theme: Theme) => {
    await page.getByRole("combobox", { name: "Theme" }).selectOption(theme);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  };

  const audit = async (view: View) => {
    for (const theme of THEMES) {
      await chooseTheme(theme);
      await view.open?.();
      const t = Date.now();
      // label-content-name-mismatch (WCAG 2.5.3) is off for one pattern it misreads here: tree
      // rows and traffic rows are named by what they are (the resource's name; time, direction,
      // kind and method), and the badges beside the name (mime type, child count, id, latency,
      // size) are details, not part of the label a speech user says.
      const axe = new AxeBuilder({ page }).disableRules(["label-content-name-mismatch"]);
      if (view.scope) axe.include(view.scope);
      const results = await axe.analyze();
      const axeMs = Date.now() - t;
      for (const r of [...results.passes, ...results.violations, ...results.incomplete]) checked.add(r.id);
      for (const v of results.violations) {
        if (v.impact !== "serious" && v.impact !== "critical") continue;
        const where = v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n    ");
        found.push(`${view.name} (${theme}) ${v.id} [${v.impact}]\n    ${where}`);
        console.log(found.at(-1));
      }
      // E2E_SHOTS=folder keeps a screenshot of each view, to look at (never compared).
      if (process.env.E2E_SHOTS)
        await page.screenshot({ path: `${process.env.E2E_SHOTS}/${view.name}-${theme}.png` });
      for (const fault of await layoutFaults(page, { scope: view.scope, theme })) {
        found.push(`${view.name} (${theme}) layout: ${fault}`);
        console.log(found.at(-1));
      }
      console.log(`${view.name} ${theme}: axe ${axeMs} ms, layout ${Date.now() - t - axeMs} ms`);
      await view.close?.();
    }
  };

  // The theme is on <html> before the body is parsed: noted by an init script at the body's
  // first appearance, so a flash of the wrong theme would show here.
  await page.addInitScript(() => {
    const note = () => {
      (window as Window & { __themeAtBody?: string }).__themeAtBody =
        document.documentElement.dataset.theme ?? "none";
    };
    new MutationObserver((_, observer) => {
      if (document.body) {
        note();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const themeAtBody = () =>
    page.evaluate(() => (window as Window & { __themeAtBody?: string }).__themeAtBody);

  // System by default, and a choice is remembered over the system's.
  await page.emulateMedia({ colorScheme: "dark" });
  await inspector.open();
  expect(await themeAtBody()).toBe("dark");
  await expect(page.getByRole("combobox", { name: "Theme" })).toHaveValue("system");
  await chooseTheme("light");
  await inspector.open();
  expect(await themeAtBody()).toBe("light");
  await expect(page.locator("html")).toHaveCSS("color-scheme", "light");
  await chooseTheme("dark");
  await inspector.open();
  expect(await themeAtBody()).toBe("dark");
  await expect(page.locator("html")).toHaveCSS("color-scheme", "dark");

  await audit({ name: "empty" });

  // A pasted config's review, across the workspace's two wide columns (issue 24); nothing runs.
  const config = JSON.stringify(
    {
      inputs: [{ id: "key", type: "promptString", description: "API key", password: true }],
      servers: {
        files: {
          command: "node",
          args: ["files.js", "--root", "${workspaceFolder}"],
          env: { KEY: "${input:key}" },
        },
        docs: {
          type: "http",
          url: "https://docs.example/mcp",
          headers: { Authorization: "Bearer ${DOCS_TOKEN}" },
        },
        notes: { command: "uvx", args: ["notes-mcp"] },
      },
    },
    null,
    2,
  );
  const pasteBox = page.getByRole("textbox", { name: "Server command or URL" });
  const importReview = page.getByRole("region", { name: "Review the servers in the config" });
  await pasteBox.fill(config);
  await audit({
    name: "import-review",
    open: async () => {
      await page.getByRole("button", { name: "Review", exact: true }).click();
      await expect(importReview.getByRole("button", { name: "Connect 3 servers" })).toBeInViewport();
    },
    close: async () => {
      await importReview.getByRole("button", { name: "Edit" }).click();
      await expect(importReview).toHaveCount(0);
    },
  });
  await pasteBox.fill("");

  await inspector.tryDemo();
  const demoId = (await api.sessions())[0]!.id;
  await inspector.openResource(["demo:", "docs", "guides"], "Getting started with the demo server");
  // `/` reaches the filter from anywhere outside a field.
  await page.keyboard.press("/");
  await expect(inspector.filterBox).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(inspector.filterBox).not.toBeFocused();
  await audit({ name: "connected-tree" });

  const renderers: [string, string, string][] = [
    ["markdown", S.markdown, "markdown"],
    ["json", S.json, "json"],
    ["code", S.codeTs, "code"],
    ["table", S.csv, "table"],
    ["image", DEMO_URIS.logo, "image"],
    ["binary", DEMO_URIS.blob, "binary"],
  ];
  for (const [name, uri, renderer] of renderers) {
    await inspector.openUri(demoId, uri);
    await expect(inspector.contentBody).toHaveAttribute("data-renderer", renderer);
    await audit({ name, scope: VIEWER });
  }

  // The traffic panel, with the rows of the reads above.
  await inspector.openUri(demoId, DEMO_URIS.gettingStarted);
  const panel = page.getByRole("region", { name: "Server panel" });
  await panel.getByRole("tab", { name: "Traffic" }).click();
  await expect(panel.getByRole("tabpanel")).toContainText("resources/read");
  await audit({
    name: "traffic",
    scope: '[aria-label="Server panel"]',
  });

  // A dialog, and the shortcut sheet opened by its key.
  await audit({
    name: "run-checks-dialog",
    open: () => page.getByRole("button", { name: "Run checks" }).click(),
    close: () => page.keyboard.press("Escape"),
    scope: "dialog[open]",
  });
  await audit({
    name: "shortcut-sheet",
    open: async () => {
      await page.locator("body").click({ position: { x: 5, y: 795 } });
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    },
    close: async () => {
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
    },
    scope: "dialog[open]",
  });

  console.log(`axe rules checked (${checked.size}): ${[...checked].sort().join(", ")}`);
  expect(found, found.join("\n")).toEqual([]);
});
