import { textResource } from "./store";
import type { ResourceStore } from "./store";
import { CHURN_URI_PREFIX } from "./uris";

/**
 * DEMO_LIST_CHURN_MS: every tick either adds `demo://churn/resource-<n>` or removes the one it
 * added, then notifies list_changed, so a client sees the list move under it without any action.
 * Returns a stop function.
 */
export function startListChurn(store: ResourceStore, everyMs: number, listChanged: () => void): () => void {
  let n = 0;
  let current: string | undefined;
  const timer = setInterval(() => {
    if (current !== undefined) {
      store.remove(current);
      current = undefined;
    } else {
      current = `${CHURN_URI_PREFIX}${++n}`;
      store.put(textResource(current, `resource-${n}`, `Churn resource ${n}.\n`, { mimeType: "text/plain" }));
    }
    listChanged();
  }, everyMs);
  timer.unref(); // never the reason the process stays alive
  return () => clearInterval(timer);
}
