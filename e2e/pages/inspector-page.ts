import { expect, type Locator, type Page } from "@playwright/test";
import { E2E_TOKEN } from "../../playwright.config";

/** The inspector as a user sees it: roles and visible text only. */
export class InspectorPage {
  constructor(readonly page: Page) {}

  async open(query = ""): Promise<void> {
    const sep = query ? "&" : "";
    await this.page.goto(`/?${query}${sep}token=${E2E_TOKEN}`);
    await expect(this.page.getByRole("button", { name: /try the demo server/i })).toBeVisible();
  }

  get tree(): Locator {
    return this.page.getByRole("tree").first();
  }

  get viewer(): Locator {
    return this.page.getByRole("region", { name: "Resource content" });
  }

  treeItem(name: string): Locator {
    return this.tree.getByRole("treeitem", { name, exact: true });
  }

  serverButton(name: string | RegExp): Locator {
    return this.page.getByRole("button", { name, exact: typeof name === "string" });
  }

  async tryDemo(): Promise<void> {
    await this.page.getByRole("button", { name: /try the demo server/i }).click();
    // The demo itself selected, not merely a tree on screen (another server's, still connected).
    await expect(this.selectedServerCard).toContainText("Resource Inspector demo server", {
      timeout: 20_000,
    });
    await expect(this.tree).toBeVisible({ timeout: 20_000 });
  }

  /** The start page, then the demo tried from it: a first-time user's first two clicks. */
  async openDemo(): Promise<void> {
    await this.open();
    await this.tryDemo();
  }

  async pasteCommand(line: string): Promise<void> {
    const box = this.page.getByRole("textbox", { name: /command/i });
    await box.fill(line);
    await box.press("Enter");
  }

  async confirmRun(): Promise<void> {
    await this.page.getByRole("button", { name: /run server/i }).click();
  }

  // Remote servers (issue #11).

  /** The review step of a pasted server URL. */
  get urlReview(): Locator {
    return this.page.getByRole("region", { name: "Review the connection" });
  }

  /** Adds one header row in the URL review and fills it in. */
  async addHeader(name: string, value: string): Promise<void> {
    await this.urlReview.getByRole("button", { name: "+ Add header" }).click();
    const names = this.urlReview.getByRole("textbox", { name: /^Header \d+ name$/ });
    await names.last().fill(name);
    await this.urlReview.getByLabel(`Value of ${name}`, { exact: true }).fill(value);
  }

  async confirmConnect(): Promise<void> {
    await this.urlReview.getByRole("button", { name: "Connect", exact: true }).click();
  }

  /** The card of the server the workspace shows. */
  get selectedServerCard(): Locator {
    return this.page.getByRole("listitem").filter({ has: this.page.locator('button[aria-current="true"]') });
  }

  /** Expand folders along a path of labels, then select the leaf. */
  async openResource(folders: string[], leaf: string): Promise<void> {
    for (const f of folders) {
      const item = this.treeItem(f);
      await expect(item).toBeVisible();
      if ((await item.getAttribute("aria-expanded")) === "false") await item.click();
      await expect(item).toHaveAttribute("aria-expanded", "true");
    }
    await this.treeItem(leaf).click();
    await expect(this.viewer).toBeVisible();
  }

  token(): string {
    return E2E_TOKEN;
  }

  /** The viewer's watch toggle; its name says what a press does. */
  watchToggle(name: "Watch" | "Unwatch"): Locator {
    return this.viewer.getByRole("button", { name, exact: true });
  }

  /** "updated at hh:mm:ss.mmm" on a watched resource that has updated. */
  get updatedMarker(): Locator {
    return this.viewer.getByText(/^updated at \d{2}:\d{2}:\d{2}\.\d{3}$/);
  }

  /** The Content / Changes tabs of a watched resource. */
  viewTab(name: "Content" | "Changes"): Locator {
    return this.viewer.getByRole("tab", { name, exact: true });
  }

  /** The viewer's text as shown (for content that changes live). */
  async viewerText(): Promise<string> {
    return this.viewer.innerText();
  }

  // Recorded checks (issue #5).

  /** A server's card in the server list. */
  serverCard(name: string): Locator {
    return this.page.getByRole("listitem").filter({ has: this.serverButton(name) });
  }

  /** A server's Record / Stop recording / Review recording control. */
  recordControl(server: string, name: "Record" | "Stop recording" | "Review recording"): Locator {
    return this.serverCard(server).getByRole("button", { name, exact: true });
  }

  /** The live steps of a running recording. */
  get recordingPanel(): Locator {
    return this.page.getByRole("region", { name: "Recording", exact: true });
  }

  get reviewDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Review recording" });
  }

  get runChecksDialog(): Locator {
    return this.page.getByRole("dialog", { name: "Run checks" });
  }

  /** One step of the review, found by its id. */
  reviewStep(stepId: string): Locator {
    return this.reviewDialog
      .getByRole("list", { name: "Steps" })
      .getByRole("listitem")
      .filter({ hasText: stepId })
      .first();
  }

  // Viewer, templates and scale (issue #4).

  /** Open a resource directly through the URL selection (the viewer reads any uri). */
  async openUri(serverId: string, uri: string): Promise<void> {
    await this.open(`${new URLSearchParams({ server: serverId, uri }).toString()}`);
    await expect(this.viewer.locator("article").first()).toBeVisible({ timeout: 20_000 });
  }

  /** The first content item of the open resource (its renderer sets `data-renderer`). */
  get contentItem(): Locator {
    return this.viewer.locator("article").first();
  }

  /** The body of the first content item; `data-renderer` names the renderer the dispatcher chose. */
  get contentBody(): Locator {
    return this.contentItem.locator("[data-renderer]").first();
  }

  get filterBox(): Locator {
    return this.page.getByRole("searchbox", { name: "Filter resources" });
  }

  /** What hostile content tries to set; stays undefined while nothing from a server ran here. */
  canary(): Promise<unknown> {
    return this.page.evaluate(() => (window as Window & { __pwned?: unknown }).__pwned);
  }
}
