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
    await expect(this.tree).toBeVisible({ timeout: 20_000 });
  }

  async pasteCommand(line: string): Promise<void> {
    const box = this.page.getByRole("textbox", { name: /command/i });
    await box.fill(line);
    await box.press("Enter");
  }

  async confirmRun(): Promise<void> {
    await this.page.getByRole("button", { name: /run server/i }).click();
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
}
