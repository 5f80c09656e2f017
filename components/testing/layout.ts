import { afterAll, beforeAll } from "vitest";

/**
 * happy-dom lays nothing out: every element is 0×0, so a TanStack virtualizer sees an empty
 * viewport and renders no rows at all. For the tests of one file, give every element the client
 * size a scroller has in the app (the tree's max height is at least 16rem), so the virtualized
 * window is what a user gets: the first rows plus overscan, never all of a long list.
 */
export function withViewport(width: number, height: number): void {
  const proto = HTMLElement.prototype;
  const saved = {
    width: Object.getOwnPropertyDescriptor(proto, "clientWidth"),
    height: Object.getOwnPropertyDescriptor(proto, "clientHeight"),
  };
  beforeAll(() => {
    Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => width });
    Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => height });
  });
  afterAll(() => {
    if (saved.width) Object.defineProperty(proto, "clientWidth", saved.width);
    else delete (proto as { clientWidth?: number }).clientWidth;
    if (saved.height) Object.defineProperty(proto, "clientHeight", saved.height);
    else delete (proto as { clientHeight?: number }).clientHeight;
  });
}
