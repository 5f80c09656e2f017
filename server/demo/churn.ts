import { createdAt, textResource } from "./resource-store";
import type { ResourceStore } from "./resource-store";
import { CHURN_URI_PREFIX } from "./uris";

/**
 * DEMO_LIST_CHURN_MS: every tick either adds `demo://churn/resource-<n>` or removes the one it
 * added, then notifies list_changed, so a client sees the list move under it without any action.
 * An added resource is named `churn-<n> @<ms>` and carries the same ms in `_meta`, so a client can
 * measure how long the change took to reach its screen. Returns a stop function.
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
      const stamp = createdAt(Date.now());
      store.put(
        textResource(current, `churn-${n}${stamp.suffix}`, `Churn resource ${n}.\n`, {
          mimeType: "text/plain",
          _meta: stamp._meta,
        }),
      );
    }
    listChanged();
  }, everyMs);
  timer.unref(); // never the reason the process stays alive
  return () => clearInterval(timer);
}
