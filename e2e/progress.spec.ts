/**
 * Issue 16, progress and cancel, end to end: the built app in real Chromium, the demo server over
 * stdio. A slow read shows the server's progress and, after a second, its elapsed time and
 * Cancel; Cancel frees the viewer at once, the traffic panel shows notifications/cancelled, the
 * server says it stopped; the session reads normally after. A slow tool call cancels the same way.
 */
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
