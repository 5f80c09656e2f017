/**
 * The Problems panel as a server author meets it (issue 15): connect the lint fixture through the
 * page, see what the inspector found passively and the count on the server, check the server,
 * filter by severity, and download SARIF.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

// The next spec starts from no servers: this one's fixture must not be left selected under it.
test.afterEach(async ({ api }) => api.deleteAll());

test("a misbehaving server: passive problems, the count badge, Check this server, filter, SARIF", async ({
  page,
  inspector,
}) => {
  await inspector.open();
  await inspector.pasteCommand("node e2e/fixtures/servers/lint-fixture.mjs stdout-junk duplicate size");
  await inspector.confirmRun();
  await expect(inspector.tree).toBeVisible({ timeout: 20_000 });

  // Found from the traffic the page caused by itself (listing every page): no scan yet. Two are the
  // spec's; three the hosts' (its template matches nothing listed and has no completion; its list
  // has a second page).
  const card = inspector.serverCard("lint-fixture");
  await expect(card.getByText(/^5 problems$/)).toBeVisible({ timeout: 10_000 });

  await page.getByRole("tab", { name: "Problems" }).click();
  const panel = page.getByRole("tabpanel");
  const list = panel.getByRole("list", { name: "Problems list" });
  await expect(list.getByText("stdout-not-jsonrpc", { exact: true })).toBeVisible();
  await expect(list.getByText("duplicate-uri", { exact: true })).toBeVisible();
  await expect(list.getByText("size-mismatch", { exact: true })).toHaveCount(0);

  await panel.getByRole("button", { name: "Check this server" }).click();
  await expect(panel.getByText(/Checked: 3 of 3 read/)).toBeVisible({ timeout: 20_000 });
  await expect(list.getByText("size-mismatch", { exact: true })).toBeVisible();
  await expect(list.getByText(/is listed with size 999 but the read returned 5 bytes/)).toBeVisible();
  await expect(card.getByText(/^6 problems$/)).toBeVisible();
  const spec = list
    .getByRole("listitem")
    .filter({ hasText: "size-mismatch" })
    .getByRole("link", { name: "Spec" });
  await expect(spec).toHaveAttribute("href", /^https:\/\/modelcontextprotocol\.io\/specification\//);

  // Only warnings: the two errors go, the size warning stays.
  await panel.getByRole("checkbox", { name: /Errors/ }).uncheck();
  await expect(list.getByText("duplicate-uri", { exact: true })).toHaveCount(0);
  await expect(list.getByText("size-mismatch", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/problems-panel.png" });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Export SARIF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^problems-lint-fixture-.*\.sarif$/);
  const sarif = JSON.parse(readFileSync(await download.path(), "utf8")) as {
    version: string;
    runs: { results: { ruleId: string; level: string }[] }[];
  };
  expect(sarif.version).toBe("2.1.0");
  expect(sarif.runs[0]?.results.map((r) => r.ruleId).sort()).toEqual([
    "duplicate-uri",
    "host-codex-paging",
    "host-past-first-page",
    "host-templates-only",
    "host-templates-without-completion",
    "size-mismatch",
    "stdout-not-jsonrpc",
  ]);

  // The evidence opens the read's answer in the traffic log.
  const sized = list.getByRole("listitem").filter({ hasText: "size-mismatch" });
  await sized.getByText(/^Evidence/).click();
  await sized.getByRole("button", { name: "Show in traffic" }).click();
  await expect(page.getByRole("tab", { name: "Traffic" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("region", { name: "Message" })).toContainText("five!");
});
