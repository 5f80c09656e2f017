/**
 * What a screenshot baseline was for, measured without one machine's fonts (issue 33 item 1): in
 * a view, nothing spills out sideways, every visible control has a size, lies within the
 * viewport's width and is the element found at its own centre (not covered by another), no text
 * is drawn over another, and every large surface wears the theme (dark surfaces in dark, light in
 * light). Each fault is one line naming the element, so a broken view says where.
 */
import type { Page } from "@playwright/test";

export interface LayoutOptions {
  /** The part to look at (a CSS selector); the whole page if not given. */
  scope?: string;
  /** The theme the surfaces must wear. */
  theme: "light" | "dark";
}

/** One line per fault found in the view; empty when the view is sound. */
export async function layoutFaults(page: Page, options: LayoutOptions): Promise<string[]> {
  return page.evaluate(({ scope, theme }) => {
    const faults: string[] = [];
    const root = scope ? document.querySelector(scope) : document.body;
    if (!root) return [`${scope}: not found`];
    const name = (el: Element) => {
      const label = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 40);
      const id = el.id ? `#${el.id}` : "";
      return `<${el.tagName.toLowerCase()}${id}> "${label}"`;
    };
    const shown = (el: Element) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return s.visibility !== "hidden" && s.display !== "none" && r.width > 0 && r.height > 0;
    };
    /**
     * The part of `el` that is drawn: its box cut by every clipping or scrolling ancestor and by
     * the viewport's height (a page scrolls down, not sideways). Null when nothing is left.
     */
    const drawn = (el: Element) => {
      const r = el.getBoundingClientRect();
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === "visible" && s.overflowY === "visible") continue;
        const c = p.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, c.left),
          Math.max(top, c.top),
          Math.min(right, c.right),
          Math.min(bottom, c.bottom),
        ];
      }
      [top, bottom] = [Math.max(top, 0), Math.min(bottom, innerHeight)];
      return right - left > 1 && bottom - top > 1 ? { left, top, right, bottom } : null;
    };

    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);

    const controls = root.querySelectorAll(
      'button, a[href], input, select, textarea, summary, [role="tab"], [role="treeitem"], [role="button"]',
    );
    for (const el of controls) {
      const r = shown(el) ? drawn(el) : null;
      if (!r) continue;
      if (r.left < -1 || r.right > width + 1) faults.push(`${name(el)} reaches past the viewport's width`);
      const x = Math.min(Math.max((r.left + r.right) / 2, 0), width - 1);
      const y = Math.min(Math.max((r.top + r.bottom) / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      // A label or the control's own parts count as the control (a <label> wraps its input).
      if (
        hit &&
        hit !== el &&
        !el.contains(hit) &&
        !hit.contains(el) &&
        hit.closest("label") !== el.closest("label")
      )
        faults.push(`${name(el)} is covered by ${name(hit)}`);
    }

    // Text over text: leaf elements with text whose boxes overlap by more than 4 px each way.
    const texts = [...root.querySelectorAll("*")].filter(
      (el) =>
        el.children.length === 0 &&
        (el.textContent ?? "").trim() !== "" &&
        shown(el) &&
        getComputedStyle(el).position !== "absolute",
    );
    const boxes = texts
      .slice(0, 1500)
      .map((el) => ({ el, r: drawn(el) }))
      .filter((b): b is { el: Element; r: NonNullable<typeof b.r> } => b.r !== null);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.r;
        const b = boxes[j]!.r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 4 && h > 4) faults.push(`${name(boxes[i]!.el)} is drawn over ${name(boxes[j]!.el)}`);
      }
    }

    // Surfaces wear the theme: an opaque background over 20,000 px² is dark in dark, light in light.
    const luminance = (color: string) => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(color);
      if (!m) return null;
      if (m[4] !== undefined && Number(m[4]) < 0.9) return null;
      const [r, g, b] = [m[1], m[2], m[3]].map((v) => {
        const c = Number(v) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const r = shown(el) ? drawn(el) : null;
      if (!r || (r.right - r.left) * (r.bottom - r.top) < 20_000) continue;
      const l = luminance(getComputedStyle(el).backgroundColor);
      if (l === null) continue;
      if (theme === "dark" ? l > 0.3 : l < 0.5)
        faults.push(
          `${name(el)} has a ${theme === "dark" ? "light" : "dark"} surface (luminance ${l.toFixed(2)}) in the ${theme} theme`,
        );
    }
    return faults.slice(0, 30);
  }, options);
}
