/**
 * Issue #5 in the browser: record what a user does with the demo server, review and edit the
 * steps, run the draft, save it, and replay the saved file with the real CLI — passing, failing
 * with a diff that names the step and field after a content switch, and passing after --update.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Download } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { InspectorApi } from "./support/api";

const exec = promisify(execFile);
const DEMO = "Resource Inspector demo server";
const API_TXT = "demo://docs/reference/api.txt";
const root = process.cwd();

interface RecordedStep {
  step: { id: string; action: string; uri?: string };
}

// The app reads and writes checks only inside its checks root (the app folder's mcp-checks/ unless
// MCP_INSPECTOR_CHECKS_DIR says otherwise): the test works in a folder of its own there, which the
// UI names relative to the root (`sub`) and the CLI by its full path (`dir`).
let sub = "";
let dir = "";
test.beforeEach(() => {
  sub = `e2e-${randomUUID().slice(0, 8)}`;
  dir = path.join(root, "mcp-checks", sub);
  mkdirSync(dir, { recursive: true });
});

test.afterEach(async ({ api }) => {
  rmSync(dir, { recursive: true, force: true });
  await api.deleteAll();
});

/** The real CLI in its own process; DEMO_VARIANT comes only from `variant`. */
async function cli(args: string[], variant: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DEMO_VARIANT;
  if (variant !== undefined) env.DEMO_VARIANT = variant;
  try {
    const r = await exec(process.execPath, [path.join(root, "server/cli/bin.mjs"), "check", ...args], {
      env,
      cwd: root,
      timeout: 90_000,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function recordedSteps(api: InspectorApi, id: string): Promise<RecordedStep[]> {
  return (await api.getJson<{ steps: RecordedStep[] }>(`/api/sessions/${id}/recording`)).steps;
}

const text = async (download: Download) => readFileSync(await download.path(), "utf8");

/** The URL names the selected server by its session's name (`server=Demo+server`), as a pattern. */
async function serverParam(api: InspectorApi, id: string): Promise<string> {
  const name = (await api.sessions()).find((s) => s.id === id)?.name ?? id;
  return new URLSearchParams({ server: name }).toString().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("record list, read, template read, watch and a tool call; review, edit, run, save; the CLI replays it", async ({
  page,
  inspector,
  api,
}) => {
  test.setTimeout(240_000);
  // The demo preset stores env values as ${VAR} references: the CLI switches content with DEMO_VARIANT.
  const id = await api.startDemo({ DEMO_VARIANT: "one" });

  await inspector.open(`server=${id}`);
  await expect(inspector.tree).toBeVisible({ timeout: 20_000 });

  // Record.
  await inspector.recordControl(DEMO, "Record").click();
  await expect(inspector.recordControl(DEMO, "Stop recording")).toBeVisible();
  await expect(inspector.serverCard(DEMO).getByText("REC", { exact: true })).toBeVisible();
  await expect(inspector.serverCard(DEMO).getByText(/^\d+ steps?$/)).toBeVisible();
  await expect(inspector.recordingPanel).toBeVisible();
  await expect(inspector.recordingPanel).toContainText("01-connect");

  // List (the tree's reload lists resources and templates again).
  await page.getByRole("button", { name: "Reload resource list" }).click();
  await expect(inspector.recordingPanel.getByText("list resources")).toBeVisible();
  await expect(inspector.recordingPanel.getByText("list templates")).toBeVisible();

  // Read a resource in the viewer; its second look shows as pending, then settles.
  await inspector.openResource(["demo:", "docs", "reference"], "API reference");
  const apiRead = inspector.recordingPanel.getByRole("listitem").filter({ hasText: API_TXT }).first();
  await expect(apiRead).toContainText(/pending|stable|→/);
  await expect(apiRead).toContainText(/stable|→/, { timeout: 10_000 });

  // Read through a template with the template form.
  await page.getByRole("button", { name: "Fill in User profile" }).click();
  const form = page.getByRole("form", { name: "Fill in demo://users/{userId}/profile" });
  await form.getByRole("combobox", { name: "userId" }).fill("alice");
  await form.getByRole("button", { name: "Read", exact: true }).click();
  await expect(page).toHaveURL(/uri=demo%3A%2F%2Fusers%2Falice%2Fprofile/);
  await expect(inspector.recordingPanel.getByText("read template")).toBeVisible();

  // Watch the clock until it updates. Unwatched, every read of the clock shows the current time:
  // the second look of the viewer's read finds it and loosens the matcher, saying why.
  await inspector.openResource(["demo:", "live"], "Live clock");
  const clockRead = inspector.recordingPanel
    .getByRole("listitem")
    .filter({ hasText: "demo://live/clock" })
    .filter({ hasText: "read" })
    .first();
  await expect(clockRead).toContainText(
    "/contents/0/text → regex: changed between two observations 1100 ms apart",
    { timeout: 10_000 },
  );
  await inspector.watchToggle("Watch").click();
  await expect(inspector.watchToggle("Unwatch")).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(inspector.recordingPanel.getByText("expect updated").first()).toBeVisible();

  // Call the tool that adds a resource: a list_changed becomes a wait.
  await api.callTool(id, "add_resource", {
    uri: "demo://dynamic/e2e-recorded",
    name: "e2e recorded",
    text: "recorded",
  });
  await expect(inspector.recordingPanel.getByText("expect list changed")).toBeVisible();
  await expect(inspector.recordingPanel.getByText("call tool")).toBeVisible();

  // While the viewer shows the watched clock it re-reads it on every update, and each read is a
  // step whose second look keeps the recorder busy: look at something else before stopping.
  await inspector.treeItem("API reference").click();

  // The page lists again after list_changed; that listing is no step of its own (issue 13): the
  // wait says what changed, by shape, and a timer-driven server would make every re-list differ.
  await expect
    .poll(async () => (await recordedSteps(api, id)).some((s) => s.step.action === "expectListChanged"))
    .toBe(true);
  const steps = await recordedSteps(api, id);
  const readId = steps.find((s) => s.step.action === "read" && s.step.uri === API_TXT)!.step.id;
  const templateId = steps.find((s) => s.step.action === "readTemplate")!.step.id;
  await page.screenshot({ path: test.info().outputPath("recording.png") });

  // Stop → review.
  await inspector.recordControl(DEMO, "Stop recording").click();
  const review = inspector.reviewDialog;
  await expect(review).toBeVisible({ timeout: 15_000 });
  await expect(inspector.recordingPanel).toHaveCount(0);
  for (const label of ["connect", "list resources", "read", "read template", "watch", "call tool"]) {
    await expect(review.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(review.getByText("expect updated", { exact: true }).first()).toBeVisible();
  await expect(review.getByText("expect list changed", { exact: true }).first()).toBeVisible();

  // Reorder: the template read moves up one place (keyboard-usable buttons named after the step).
  // Step ids in display order (a wait's "after <id>" names an earlier step, so the first mention is its own).
  const order = async () => [
    ...new Set((await review.getByRole("list", { name: "Steps" }).innerText()).match(/\b\d{2}-[A-Za-z]+/g)),
  ];
  const before = await order();
  await review.getByRole("button", { name: `Move ${templateId} up` }).click();
  // The draft lives in the query cache, which tells the dialog after a tick: wait for the move.
  await expect.poll(async () => (await order()).indexOf(templateId)).toBe(before.indexOf(templateId) - 1);
  const after = await order();
  await expect(review.getByRole("button", { name: "Delete 01-connect" })).toBeDisabled();

  // The list change is recorded by its shape, beside the URI it was inferred from; pin it exactly.
  const listChange = review.getByRole("region", { name: /^Added URIs of \d{2}-expectListChanged$/ });
  await expect(listChange).toContainText("inferred from demo://dynamic/e2e-recorded");
  await listChange.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("list-shape.png") });
  await listChange.getByRole("button", { name: "Pin exact URIs" }).click();
  await expect(listChange).toHaveText("Added, pinned exactly: demo://dynamic/e2e-recorded");

  // Make the read fail on purpose: a regex that cannot match its text. Run → the diff names the field.
  const readStep = inspector.reviewStep(readId);
  await readStep
    // A text input with suggestions (a datalist) is a combobox.
    .getByRole("combobox", { name: `Path to add a matcher for in ${readId}` })
    .fill("/contents/0/text");
  await readStep.getByRole("combobox", { name: `Matcher type to add in ${readId}` }).selectOption("regex");
  await readStep.getByRole("button", { name: "Add matcher" }).click();
  const pattern = readStep.getByRole("textbox", { name: "Pattern for /contents/0/text" });
  await expect(pattern).toHaveValue(/Demo server API reference/);
  await pattern.fill("nothing like it");
  await review.getByRole("button", { name: "Run", exact: true }).click();
  const results = review.getByRole("region", { name: "Check results" });
  await expect(results).toBeVisible({ timeout: 60_000 });
  await expect(results.getByRole("status")).toHaveText(/failed/);
  const failed = results.getByRole("listitem").filter({ hasText: readId }).first();
  await expect(failed).toContainText("/contents/0/text");
  await expect(failed).toContainText("does not match /nothing like it/");
  await page.screenshot({ path: test.info().outputPath("results.png") });

  // Open in viewer: the review steps aside and the viewer shows the resource of the recorded server.
  await failed.getByRole("button", { name: "Open in viewer" }).click();
  await expect(review).toHaveCount(0);
  await expect(page).toHaveURL(
    new RegExp(`${await serverParam(api, id)}.*uri=${encodeURIComponent(API_TXT)}`),
  );
  await expect(inspector.viewer.getByRole("heading", { name: "API reference" })).toBeVisible();

  // Back to the review (kept): undo the matcher; the run passes.
  await inspector.recordControl(DEMO, "Review recording").click();
  await expect(review).toBeVisible();
  await inspector
    .reviewStep(readId)
    .getByRole("button", { name: "Remove matcher for /contents/0/text" })
    .click();
  await review.getByRole("button", { name: "Run", exact: true }).click();
  await expect(review.getByText("Running the check against a fresh server…")).toBeVisible();
  await expect(results.getByRole("status")).toBeVisible({ timeout: 60_000 });
  expect(await results.getByRole("status").innerText(), await results.innerText()).toBe("The check passed.");

  // Name, folder, save; saving again offers to overwrite.
  await review.getByRole("textbox", { name: "Check name" }).fill("e2e demo");
  await review.getByRole("textbox", { name: "Folder" }).fill(sub);
  await page.screenshot({ path: test.info().outputPath("review.png") });
  await review.getByRole("button", { name: "Save", exact: true }).click();
  await expect(review.getByText(/Saved to .*e2e-demo\.check\.json/)).toBeVisible();
  const file = path.join(dir, "e2e-demo.check.json");
  expect(existsSync(file)).toBe(true);
  const saved = JSON.parse(readFileSync(file, "utf8")) as {
    name: string;
    server: { env: Record<string, string> };
    steps: { id: string; action: string }[];
  };
  expect(saved.name).toBe("e2e demo");
  expect(saved.server.env.DEMO_VARIANT).toBe("${DEMO_VARIANT}");
  expect(saved.steps.map((s) => s.id)).toEqual(after);
  expect(saved.steps.map((s) => s.action)).toEqual(
    expect.arrayContaining(["expectUpdated", "expectListChanged", "readTemplate", "callTool"]),
  );
  await review.getByRole("button", { name: "Save", exact: true }).click();
  await expect(review.getByRole("alert").filter({ hasText: "exists" })).toBeVisible();
  await review.getByRole("button", { name: "Overwrite" }).click();
  await expect(review.getByText(/Saved to .*e2e-demo\.check\.json/)).toBeVisible();

  // Download the check file and export a Playwright spec, both client-side files.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    review.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("e2e-demo.check.json");
  expect(JSON.parse(await text(download))).toMatchObject({ name: "e2e demo", version: 3 });
  const [spec] = await Promise.all([
    page.waitForEvent("download"),
    review.getByRole("button", { name: "Export Playwright spec" }).click(),
  ]);
  expect(spec.suggestedFilename()).toBe("e2e-demo.mcp-check.spec.ts");
  const source = await text(spec);
  expect(source).toContain('import { runCheckFile } from "mcp-resource-inspector/check"');
  expect(source).toContain(`runCheckFile(${JSON.stringify(path.relative(root, file))})`);

  // The real CLI: passes; fails on a content switch naming the step and field; --update fixes it.
  const pass = await cli([dir], "one");
  expect(pass.code, pass.out).toBe(0);
  const fail = await cli([dir], "changed");
  expect(fail.code, fail.out).toBe(1);
  expect(fail.out).toMatch(new RegExp(`✗ ${readId} read[\\s\\S]*/contents/0/text`));
  const update = await cli([dir, "--update"], "changed");
  expect(update.code, update.out).toBe(0);
  const again = await cli([dir], "changed");
  expect(again.code, again.out).toBe(0);

  // Done with the review; "Run checks" lists the saved file and runs it against a fresh server.
  await review.getByRole("button", { name: "Done" }).click();
  await expect(review).toHaveCount(0);
  await expect(inspector.recordControl(DEMO, "Record")).toBeVisible();
  await page.getByRole("button", { name: "Run checks" }).click();
  const runChecks = inspector.runChecksDialog;
  await runChecks.getByRole("textbox", { name: "Folder" }).fill(sub);
  await runChecks.getByRole("button", { name: "List checks" }).click();
  await expect(runChecks.getByRole("list", { name: "Saved checks" })).toContainText("e2e demo");
  await runChecks.getByRole("button", { name: "Run all" }).click();
  const fileResults = runChecks.getByRole("region", { name: "Check results" });
  await expect(fileResults).toBeVisible({ timeout: 60_000 });
  await expect(fileResults.getByRole("article", { name: /e2e demo/ })).toBeVisible();
  // The app's own environment has no DEMO_VARIANT: the run says which reference is unresolved.
  await expect(fileResults).toContainText(/DEMO_VARIANT|passed/);
  await page.screenshot({ path: test.info().outputPath("run-checks.png") });
  await page.keyboard.press("Escape");
  await expect(runChecks).toHaveCount(0);

  // Another demo with other content (a different launch: its env differs) is the one on screen.
  const otherId = await api.startDemo({ DEMO_VARIANT: "two" });
  await inspector.open(`server=${otherId}`);
  await expect(inspector.tree).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Run checks" }).click();
  await runChecks.getByRole("textbox", { name: "Folder" }).fill(sub);
  await runChecks.getByRole("button", { name: "List checks" }).click();
  await expect(runChecks.getByRole("list", { name: "Saved checks" })).toContainText("e2e demo");

  // An env file that is not there: the run fails with a message naming the path (in the root).
  const envBox = runChecks.getByRole("textbox", { name: "Env file" });
  const missingEnv = `${sub}/missing.env`;
  await envBox.fill(missingEnv);
  await runChecks.getByRole("button", { name: "Run all" }).click();
  await expect(runChecks.getByRole("alert").filter({ hasText: "The run failed" })).toContainText(
    `env file ${missingEnv}: no such file`,
  );

  // The env file resolves ${DEMO_VARIANT}; since --update the file expects the "changed" content,
  // so with "one" the read fails. No value from the file comes back to the browser.
  const secret = "sk-e2e-4b1d-not-for-the-browser";
  writeFileSync(path.join(dir, "checks.env"), `DEMO_VARIANT=one\nAPI_KEY=${secret}\n`);
  await envBox.fill(`${sub}/checks.env`);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/checks/run")),
    runChecks.getByRole("button", { name: "Run all" }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain(secret);
  await expect(fileResults.getByRole("status")).toHaveText(/1 of 1 check failed/, { timeout: 60_000 });
  const failedRead = fileResults.getByRole("listitem").filter({ hasText: readId }).first();
  await expect(failedRead).toContainText("/contents/0/text");
  await page.screenshot({ path: test.info().outputPath("run-checks-env-file.png") });

  // Open in viewer: not the server on screen (another launch) but the recorded one, whose launch
  // is the check's; the run's own server is gone.
  await failedRead.getByRole("button", { name: "Open in viewer" }).click();
  await expect(runChecks).toHaveCount(0);
  await expect(page).toHaveURL(
    new RegExp(`${await serverParam(api, id)}&uri=${encodeURIComponent(API_TXT)}`),
  );
  await expect(inspector.viewer.getByRole("heading", { name: "API reference" })).toBeVisible();

  // With no open server of that launch, the results (kept) say to start one instead of opening
  // the resource in an unrelated server.
  await api.deleteSession(id);
  await expect(inspector.serverButton(DEMO)).toHaveCount(0);
  await page.getByRole("button", { name: "Run checks" }).click();
  await expect(failedRead.getByRole("button", { name: "Open in viewer" })).toHaveCount(0);
  await expect(failedRead).toContainText(
    `To open ${API_TXT}, start a server with this check's launch (same command and env)`,
  );
  await page.screenshot({ path: test.info().outputPath("run-checks-no-server.png") });
  await page.keyboard.press("Escape");
});
