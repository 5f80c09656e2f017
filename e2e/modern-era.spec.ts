/**
 * Issue 15 end to end: a server that speaks the 2026-07-28 revision, connected through the page
 * with the era left on auto. The card says which era and version it speaks; a watched resource
 * follows the server over subscriptions/listen, and the list follows list_changed. Issue 35: the
 * same over Streamable HTTP, against a modern-only server of the v2 SDK (createMcpHandler).
 */
import { startFixtureHttp, type HttpServerHandle } from "../server/testing/http-servers";
import { expect, test, type InspectorFixtures } from "./fixtures";

let modernHttp: HttpServerHandle | undefined;

test.afterEach(async ({ api }) => api.deleteAll());

/**
 * Watch the open note (acknowledged by the listen stream), have the server's `touch` tool change
 * it, and see the new text arrive with no click.
 */
async function watchTheNoteAndTouch(
  inspector: InspectorFixtures["inspector"],
  api: InspectorFixtures["api"],
  args: Record<string, unknown>,
): Promise<void> {
  await inspector.watchToggle("Watch").click();
  await expect(inspector.watchToggle("Unwatch")).toBeVisible();
  await expect(inspector.viewer).not.toContainText("Not acknowledged");
  const [session] = await api.sessions();
  await api.callTool(session!.id, "touch", args);
  await expect(inspector.viewer).toContainText("note after 1 touches", { timeout: 10_000 });
  await expect(inspector.updatedMarker).toBeVisible();
}
test.afterAll(async () => {
  await modernHttp?.stop();
});

test("a 2026-07-28 server: era and version on its card, a watched resource and the list follow it live", async ({
  page,
  inspector,
  api,
}) => {
  await inspector.open();
  await inspector.pasteCommand("node e2e/fixtures/servers/modern-server.mjs");
  await expect(page.getByLabel("Protocol era")).toHaveValue("auto");
  await inspector.confirmRun();
  await expect(inspector.tree).toBeVisible({ timeout: 20_000 });

  const card = inspector.selectedServerCard;
  await expect(card.getByText("modern era · 2026-07-28")).toBeVisible();
  await expect(card).toContainText("resources: subscribe, listChanged");

  // Both the leaf and the folder the list change lands in are in view before anything changes.
  const items = inspector.treeItem("items");
  if ((await items.getAttribute("aria-expanded")) === "false") await items.click();
  await expect(inspector.treeItem("item 1")).toBeVisible();
  await inspector.openResource([], "note");
  await expect(inspector.viewer).toContainText("note after 0 touches");
  await expect(
    inspector.viewer.getByRole("definition").filter({ hasText: "ttlMs 5,000 · cacheScope public" }),
  ).toBeVisible();

  // No click from here on: the update arrives over subscriptions/listen, the list over list_changed.
  await watchTheNoteAndTouch(inspector, api, { add: true });
  const added = inspector.treeItem("item 2");
  await expect(added).toBeVisible({ timeout: 10_000 });
  await expect(added).toContainText("new");
  await page.screenshot({ path: test.info().outputPath("modern-era.png") });

  // Each list's cache hints, with when they stop being fresh (2026-07-28).
  await expect(page.getByRole("group", { name: "resources/templates/list cache hints" })).toContainText(
    /ttlMs 60,000 · cacheScope private · fresh until \d\d:\d\d:\d\d/,
  );
  await expect(page.getByRole("group", { name: "resources/list cache hints" })).toContainText(
    "ttlMs 2,000 · cacheScope public",
  );

  // A read the server answers with input_required is said so, not shown as content: its input
  // requests are a form, and sending it reads again with the answers and the echoed state.
  await inspector.treeItem("form").click();
  await expect(inspector.viewer.getByRole("status").filter({ hasText: "input_required" })).toBeVisible();
  const form = inspector.viewer.getByRole("form", { name: "Input the server asks for" });
  await expect(form).toContainText("Who is asking?");
  await form.getByRole("button", { name: "Send and read" }).click();
  await expect(form.getByRole("alert")).toContainText("Name is required");
  await form.getByRole("textbox", { name: /Name/ }).fill("Ada");
  await form.getByRole("spinbutton", { name: "Age" }).fill("36");
  await form.getByRole("combobox", { name: "Colour" }).selectOption("green");
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/modern-input-form.png` });
  await form.getByRole("button", { name: "Send and read" }).click();
  await expect(inspector.viewer).toContainText("hello Ada, aged 36, likes green");
  await expect(form).toBeHidden();
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/modern-input-answered.png` });
});

test("a 2026-07-28 server over Streamable HTTP: connected under auto, modern on its card, a watch follows it live", async ({
  page,
  inspector,
  api,
}) => {
  modernHttp = await startFixtureHttp("e2e/fixtures/servers/modern-http-server.mjs", ["--legacy", "reject"]);
  await inspector.open();
  await inspector.pasteCommand(`${modernHttp.url}/mcp`);
  await expect(page.getByLabel("Protocol era")).toHaveValue("auto");
  await inspector.confirmConnect();
  await expect(inspector.tree).toBeVisible({ timeout: 20_000 });

  const card = inspector.selectedServerCard;
  await expect(card.getByText("modern era · 2026-07-28")).toBeVisible();

  await inspector.openResource([], "note");
  await expect(inspector.viewer).toContainText("note after 0 touches");
  // No click: the update arrives over the subscriptions/listen stream on the POST.
  await watchTheNoteAndTouch(inspector, api, {});
});
