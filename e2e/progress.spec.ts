/**
 * Issue 16, progress and cancel, end to end: the built app in real Chromium, the demo server over
 * stdio. A slow read shows the server's progress and, after a second, its elapsed time and
 * Cancel; Cancel frees the viewer at once, the traffic panel shows notifications/cancelled, the
 * server says it stopped; the session reads normally after. A slow tool call cancels the same way.
 * The server card's Capture (issue 25) downloads a file that decodes, and a hung capture cancels.
 */
import { readFileSync } from "node:fs";
import { decodeCapture } from "../lib/capture/format";
import { SLOW_REPORT_URI, SLOW_TOOL } from "../server/demo/uris";
import { expect, test } from "./fixtures";

const SLOW = `${SLOW_REPORT_URI}?steps=10&stepMs=1000`;

test.afterEach(async ({ api }) => api.deleteAll());

test("a slow read shows progress and cancels; the cancel is in the traffic; the session reads after", async ({
  inspector,
  page,
}) => {
  await inspector.open();
  await inspector.tryDemo();
  // The slow report is not listed: open it by its URI, as a user would. 10 steps of a second:
  // time enough to click Cancel on a loaded machine.
  await page.getByRole("textbox", { name: "Open URI" }).fill(SLOW);
  await page.getByRole("button", { name: "Read", exact: true }).click();

  const viewer = inspector.viewer;
  const bar = viewer.getByRole("progressbar", { name: `Reading ${SLOW}` });
  await expect(bar).toBeVisible();
  await expect(viewer.getByText(/^report: step [1-8] of 10$/)).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", /^[1-8]0$/);
  await expect(viewer.getByText(/^\d+\.\d s$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("progress-read.png") });

  await viewer.getByRole("button", { name: "Cancel" }).click();
  await expect(viewer.getByText(/Read cancelled/)).toBeVisible();
  await expect(bar).toBeHidden();

  await page.getByRole("tab", { name: "Traffic" }).click();
  await expect(
    page.getByRole("option", { name: /to server notification notifications\/cancelled/ }),
  ).toBeVisible();
  await page.getByRole("tab", { name: "stderr" }).click();
  // The server stopped before its last step: the viewer was freed without waiting for an answer.
  await expect(page.getByText(/demo slow: report cancelled after step \d of 10/)).toBeVisible();

  // The session is fine: the default (3 s) slow report reads to the end, progress on the way.
  await page.getByRole("textbox", { name: "Open URI" }).fill(SLOW_REPORT_URI);
  await page.getByRole("button", { name: "Read", exact: true }).click();
  await expect(viewer.getByText(/^Slow report: 5 steps of 600 ms/)).toBeVisible({ timeout: 15_000 });
  await expect(viewer.getByRole("progressbar")).toBeHidden();

  // A slow tool call: progress, Cancel, freed.
  await page.getByRole("tab", { name: "Tools" }).click();
  await page.getByRole("button", { name: SLOW_TOOL, exact: true }).click();
  await page.getByRole("textbox", { name: "Arguments (JSON object)" }).fill('{"steps": 10, "stepMs": 1000}');
  await page.getByRole("button", { name: `Call ${SLOW_TOOL}` }).click();
  const toolBar = page.getByRole("progressbar", { name: `Calling ${SLOW_TOOL}` });
  await expect(toolBar).toBeVisible();
  await expect(page.getByText(/^task: step [1-8] of 10$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("progress-tool.png") });
  await page
    .getByRole("group", { name: `Calling ${SLOW_TOOL}: in progress` })
    .getByRole("button", { name: "Cancel" })
    .click();
  await expect(page.getByText(/Call cancelled/)).toBeVisible();
  await expect(toolBar).toBeHidden();
  await expect(page.getByRole("button", { name: `Call ${SLOW_TOOL}` })).toBeEnabled();
});

test("Capture from the server card: the dialog in both themes, a file that decodes and opens as the live tree and reads, and a capture that cancels", async ({
  inspector,
  page,
  api,
}) => {
  await inspector.open();
  await inspector.tryDemo();
  // What the live server shows, to hold the opened capture against below.
  const guide = ["demo:", "docs", "guides"];
  await inspector.openResource(guide, "Getting started with the demo server");
  await expect(inspector.viewer.locator("article").first()).toBeVisible();
  const liveText = await inspector.viewer.locator("article").first().innerText();
  const liveTree = await inspector.tree.getByRole("treeitem").allInnerTexts();
  const card = inspector.selectedServerCard;
  await card.screenshot({ path: test.info().outputPath("capture-card.png") });
  await card.getByRole("button", { name: /^Capture / }).click();
  const dialog = page.getByRole("dialog", { name: /^Capture / });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Capture all resources" }).check();
  const budget = dialog.getByRole("spinbutton", { name: "up to" });
  await expect(budget).toHaveValue("50");
  await budget.fill("-1");
  await expect(dialog.getByText("Give a size in MB, 0 or more.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Capture", exact: true })).toBeDisabled();
  await budget.fill("50");
  await dialog.screenshot({ path: test.info().outputPath("capture-dialog-light.png") });
  await page.getByRole("combobox", { name: "Theme" }).selectOption("dark");
  await dialog.screenshot({ path: test.info().outputPath("capture-dialog-dark.png") });
  await page.getByRole("combobox", { name: "Theme" }).selectOption("light");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Capture", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^[A-Za-z0-9._-]+-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.mcpcapture\.json\.gz$/,
  );
  const file = await decodeCapture(new Uint8Array(readFileSync(await download.path())));
  const listed = file.resources.pages.flatMap((p) => p.items.map((r) => r.uri as string));
  expect(listed.length).toBeGreaterThan(100);
  expect(file.budget.all).toBe(true);
  for (const uri of listed)
    expect(file.reads.some((r) => r.uri === uri) || file.budget.skipped.some((s) => s.uri === uri), uri).toBe(
      true,
    );
  await expect(dialog.getByRole("status")).toContainText(`Saved ${download.suggestedFilename()}`);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();

  // The file opened again in the page, offline: the same tree and the same read as the live server.
  await page.getByLabel("Capture file").setInputFiles(await download.path());
  await expect(page.getByRole("note", { name: "Capture" })).toContainText("read-only, no server running");
  await inspector.openResource(guide, "Getting started with the demo server");
  await expect.poll(() => inspector.viewer.locator("article").first().innerText()).toBe(liveText);
  expect(await inspector.tree.getByRole("treeitem").allInnerTexts()).toEqual(liveTree);

  // A server whose every read hangs: the bar says what it waits for, and Cancel frees it.
  await api.createSession({
    name: "hangs",
    command: process.execPath,
    args: ["--import", "tsx", "e2e/fixtures/servers/misbehaving-server.ts", "hang-read"],
  });
  await page.getByRole("button", { name: "Capture hangs" }).click();
  const hang = page.getByRole("dialog", { name: "Capture hangs" });
  await hang.getByRole("checkbox", { name: "Capture all resources" }).check();
  let downloads = 0;
  page.on("download", () => downloads++);
  await hang.getByRole("button", { name: "Capture", exact: true }).click();
  await expect(hang.getByRole("progressbar", { name: "Capturing hangs" })).toBeVisible();
  await expect(hang.getByText("reading 0 of 1")).toBeVisible();
  await hang.screenshot({ path: test.info().outputPath("capture-dialog-running.png") });
  await hang.getByRole("button", { name: "Cancel" }).click();
  await expect(hang.getByRole("alert")).toHaveText("Capture cancelled: nothing was saved.");
  await expect(hang.getByRole("progressbar")).toBeHidden();
  expect(downloads).toBe(0);
});
