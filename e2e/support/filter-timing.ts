/**
 * Filter keystroke timing at scale, measured inside the page (shared by e2e/viewer.spec.ts and
 * `npm run bench`): from keydown to the frame after the commit whose tree rows reflect the typed
 * filter (the tree's `data-filter` attribute names the filter its rendered rows come from).
 */
import type { Page } from "@playwright/test";

type TimedWindow = Window & { __filterTimes?: number[] };

export async function typeAndTimeFilter(page: Page, query: string): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as TimedWindow;
    w.__filterTimes = [];
    let keyAt = 0;
    document.addEventListener("keydown", () => (keyAt = performance.now()), true);
    new MutationObserver(() => {
      const tree = document.querySelector('[role="tree"]');
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Filter resources"]');
      if (!keyAt || tree?.getAttribute("data-filter") !== input?.value.trim()) return;
      const start = keyAt;
      keyAt = 0;
      requestAnimationFrame(() => w.__filterTimes?.push(performance.now() - start));
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-filter"],
    });
  });
  await page.getByRole("searchbox", { name: "Filter resources" }).focus();
  for (let i = 1; i <= query.length; i++) {
    await page.keyboard.type(query[i - 1] ?? "");
    await page.locator(`[role="tree"][data-filter="${query.slice(0, i)}"]`).waitFor({ state: "attached" });
  }
  const deadline = Date.now() + 5_000;
  for (;;) {
    const times = await page.evaluate(() => (window as TimedWindow).__filterTimes ?? []);
    if (times.length >= query.length || Date.now() > deadline) return times;
    await page.waitForTimeout(20);
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}
