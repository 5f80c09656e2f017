/**
 * Issue 23's host lens as a server author meets it, in the built app against the demo server:
 * the viewer's Hosts tab on a doc (what Gemini CLI gives its model, the @-mention, a server name
 * that breaks it), the server panel's host matrix, the Problems tab filtered by host, and a
 * 10 MB text through the lens.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_SAMPLE_URIS as S, DEMO_URIS } from "../server/demo/uris";
import { expect, test } from "./fixtures";
import { recordMeasure } from "./support/measure";

/** Serious or critical axe violations inside `scope` (the rule a11y-themes.spec.ts turns off, off). */
async function axeViolations(page: Page, scope: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .disableRules(["label-content-name-mismatch"])
    .include(scope)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.use({ viewport: { width: 1280, height: 900 } });

// Every server this spec started is stopped (and its process tree reaped) before the next spec.
test.afterEach(async ({ api }) => api.deleteAll());

test("a doc through each host, a server name that breaks the mention, the matrix, Problems by host", async ({
  page,
  inspector,
  api,
}) => {
  await inspector.openDemo();
  const session = (await api.sessions())[0]!;
  const uri = DEMO_URIS.gettingStarted;
  const read = await api.read(session.id, uri);
  const docText = (read.contents[0] as { text: string }).text;

  await inspector.openResource(["demo:", "docs", "guides"], "Getting started with the demo server");
  await inspector.viewer.getByRole("tab", { name: "Hosts", exact: true }).click();
  const lens = inspector.viewer.getByRole("group", { name: "Hosts", exact: true });
  const gemini = lens.getByRole("region", { name: "Gemini CLI" });
  const geminiRead = gemini.getByRole("group", { name: "read_mcp_resource → model" }).locator("pre");
  await expect(geminiRead).toBeVisible();
  expect((await geminiRead.textContent())!.startsWith(docText)).toBe(true);
  expect(await geminiRead.textContent()).toBe(`${docText}\n`);

  // Not from a config, so the name is the server's own (serverInfo.name), as the hosts command's.
  const field = lens.getByRole("textbox", { name: "Server name in the host's config" });
  const own = session.serverInfo!.name;
  await expect(field).toHaveValue(own);
  const mention = gemini.getByRole("group", { name: "Mention" });
  await expect(mention.getByText(`@${own}:${uri}`, { exact: true })).toBeVisible();
  await expect(mention.getByText("works", { exact: true })).toBeVisible();

  // The demo's title (the inspector's label) holds spaces: Gemini CLI's parser stops there.
  await field.fill(session.name);
  await expect(mention.getByText(`@${session.name}:${uri}`, { exact: true })).toBeVisible();
  await expect(mention.getByText("does not work", { exact: true })).toBeVisible();

  await field.fill("demo");
  await expect(mention.getByText(`@demo:${uri}`, { exact: true })).toBeVisible();
  await expect(mention.getByText("works", { exact: true })).toBeVisible();
  await expect(gemini.getByRole("group", { name: `@demo:${uri} → prompt` }).locator("pre")).toContainText(
    "--- Content from referenced files ---",
  );
  await expect(lens.getByRole("region", { name: "Claude Code" })).toContainText(
    /≈ [\d,]+ tokens · warns at 10,000 · limit 25,000/,
  );
  await lens.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await inspector.viewer.screenshot({ path: "test-results/hosts-viewer-light.png" });
  expect(await axeViolations(page, '[aria-label="Resource content"]')).toEqual([]);

  await field.fill("demo:prod");
  await expect(mention.getByText(`@demo:prod:${uri}`, { exact: true })).toBeVisible();
  await expect(mention.getByText("does not work", { exact: true })).toBeVisible();
  await expect(gemini.getByRole("list", { name: "Notes" })).toContainText(
    "The server name “demo:prod” contains “:”; Gemini CLI splits at the first colon, so no mention can reach this server.",
  );

  // The server panel's matrix, under the same name (page state, per session).
  const panel = page.getByRole("region", { name: "Server panel" });
  await panel.getByRole("tab", { name: "Hosts", exact: true }).click();
  const matrix = panel.getByRole("table", { name: "Host matrix" });
  await expect(matrix.locator("tbody tr")).toHaveCount(4);
  await expect(panel.getByRole("textbox", { name: "Server name in the host's config" })).toHaveValue(
    "demo:prod",
  );
  const listed = (await api.getJson<{ resources: unknown[] }>(`/api/sessions/${session.id}/resources`))
    .resources.length;
  await expect(matrix.getByRole("rowheader", { name: /^Gemini CLI/ }).locator("..")).toContainText(
    `${listed} / ${listed}`,
  );
  await panel.screenshot({ path: "test-results/hosts-matrix-light.png" });
  expect(await axeViolations(page, '[aria-label="Server panel"]')).toEqual([]);
  await panel.locator("summary", { hasText: /^Gemini CLI/ }).click();
  await expect(
    panel.getByRole("group", { name: 'list_mcp_resources {"serverName":"demo:prod"} → model' }),
  ).toContainText(`- demo:prod:${uri} | getting-started.md`);
  await panel.screenshot({ path: "test-results/hosts-list-light.png" });
  await page.getByRole("combobox", { name: "Theme" }).selectOption("dark");
  await panel.screenshot({ path: "test-results/hosts-matrix-dark.png" });
  await lens.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await inspector.viewer.screenshot({ path: "test-results/hosts-viewer-dark.png" });
  expect(await axeViolations(page, '[aria-label="Resource content"]')).toEqual([]);
  await page.getByRole("combobox", { name: "Theme" }).selectOption("light");

  // A host's problem count opens Problems on that host; "Protocol only" hides every host problem.
  const geminiProblems = matrix
    .getByRole("rowheader", { name: /^Gemini CLI/ })
    .locator("..")
    .getByRole("button", { name: /^\d+ problems?$/ });
  await expect(geminiProblems).toBeVisible({ timeout: 15_000 });
  const count = Number((await geminiProblems.textContent())!.split(" ")[0]);
  await geminiProblems.click();
  await expect(panel.getByRole("tab", { name: "Problems" })).toHaveAttribute("aria-selected", "true");
  const hostSelect = panel.getByRole("combobox", { name: "Hosts" });
  await expect(hostSelect).toHaveValue("gemini-cli");
  const list = panel.getByRole("list", { name: "Problems list" });
  const rows = list.locator(":scope > li");
  await expect(rows).toHaveCount(count);
  for (const row of await rows.all())
    await expect(row.getByRole("list", { name: "Hosts affected" })).toContainText("Gemini CLI");
  await rows
    .first()
    .getByText(/^What the hosts do/)
    .click();
  await expect(rows.first().locator("[data-certainty]").first()).toBeVisible();
  await panel.screenshot({ path: "test-results/hosts-problems-light.png" });
  await hostSelect.selectOption({ label: "Protocol only" });
  await expect(list.getByRole("list", { name: "Hosts affected" })).toHaveCount(0);
});

test("a 10 MB text through the lens: four hosts shown, each block clipped, in about a second", async ({
  page,
  inspector,
  api,
}) => {
  const demoId = await api.startDemo();
  // The demo makes the text on its first read; make it now, so the clock times the lens only.
  await api.read(demoId, S.largeText);
  await inspector.openUri(demoId, S.largeText);
  await expect(inspector.contentItem.getByRole("region", { name: "Text" })).toContainText(
    "line 1 of 125000:",
    {
      timeout: 20_000,
    },
  );

  // Timed in the page: the Hosts tab's click → every host's blocks in the DOM (its chunk loads too).
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const viewer = document.querySelector('[aria-label="Resource content"]')!;
        const tab = [...viewer.querySelectorAll<HTMLElement>('[role="tab"]')].find(
          (t) => t.textContent === "Hosts",
        )!;
        const ready = () => viewer.querySelectorAll("[data-lens-text]").length >= 6;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        observer.observe(viewer, { childList: true, subtree: true });
        tab.click();
      }),
  );
  recordMeasure("10 MB text: Hosts tab click → four hosts shown", `${Math.round(ms)} ms`);
  const lens = inspector.viewer.getByRole("group", { name: "Hosts", exact: true });
  for (const host of ["Gemini CLI", "Claude Code", "VS Code", "Codex CLI"])
    await expect(lens.getByRole("region", { name: host })).toBeVisible();
  const lengths = await lens
    .locator("[data-lens-text]")
    .evaluateAll((pres) => pres.map((p) => p.textContent?.length ?? 0));
  expect(Math.max(...lengths)).toBeLessThanOrEqual(100_000);
  await expect(lens.getByRole("region", { name: "Gemini CLI" })).toContainText(/… [\d,]+ more characters/);
  await expect(lens.getByRole("region", { name: "Claude Code" })).toContainText(
    /≈ [\d,]+ tokens · warns at 10,000 · limit 25,000/,
  );
  // The goal is 1 s; a single run on a shared CI machine gets slack, the figure is recorded above.
  expect(ms).toBeLessThan(3_000);
});
