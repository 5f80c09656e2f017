import type { StormConfig } from "./demo-config";
import { createdAt, textResource } from "./resource-store";
import type { DemoResource, ResourceStore } from "./resource-store";
import { STORM_ITEM_URI_PREFIX, STORM_LIST_WINDOW, STORM_URI } from "./uris";

/**
 * DEMO_STORM: a notification storm for benchmarks. Each `resources/subscribe` to STORM_URI while
 * no storm runs starts one (a "run"). For `durationMs` the run
 * - changes STORM_URI's text and sends `notifications/resources/updated` right after each change,
 *   `updatesPerSec` times a second, and
 * - adds `demo://storm/item-<n>` (removing the oldest once more than STORM_LIST_WINDOW are listed)
 *   and sends `notifications/resources/list_changed`, `listChangesPerSec` times a second.
 *
 * Timers below ~4 ms are unreliable, so a 10 ms tick sends every change that is due by then: the
 * counts follow elapsed time, and a late tick catches up. The totals are therefore exact, which
 * makes the end state deterministic: a run makes U = max(1, round(updatesPerSec × durationMs /
 * 1000)) text changes and L = round(listChangesPerSec × durationMs / 1000) list changes (at least
 * 1 when the rate is not 0). Its last text change comes last of all and its text ends with
 * `final: U`; by then the newest min(STORM_LIST_WINDOW, items added so far) items are listed.
 */

const TICK_MS = 10;

export interface StormDeps {
  store: ResourceStore;
  /** Sends `updated` for the uri to its subscribers (LiveResources.changed). */
  changed: (uri: string) => void;
  /** Sends `notifications/resources/list_changed`. */
  listChanged: () => void;
  log: (line: string) => void;
}

interface Run {
  number: number;
  startedAt: number;
  updates: number;
  listChanges: number;
}

export class Storm {
  private readonly config: StormConfig;
  private readonly deps: StormDeps;
  private readonly totalUpdates: number;
  private readonly totalListChanges: number;
  /** Listed storm items, oldest first. */
  private readonly items: string[] = [];
  private itemsAdded = 0;
  private runs = 0;
  private run: Run | undefined;
  private timer: NodeJS.Timeout | undefined;
  private text: string;

  constructor(config: StormConfig, deps: StormDeps) {
    this.config = config;
    this.deps = deps;
    const { updatesPerSec, listChangesPerSec, durationMs } = config;
    this.totalUpdates = Math.max(1, Math.round((updatesPerSec * durationMs) / 1000));
    this.totalListChanges =
      listChangesPerSec === 0 ? 0 : Math.max(1, Math.round((listChangesPerSec * durationMs) / 1000));
    this.text = this.render(0, false);
  }

  resource(): DemoResource {
    const { updatesPerSec, listChangesPerSec, durationMs } = this.config;
    return {
      resource: {
        uri: STORM_URI,
        name: "storm",
        title: "Notification storm",
        description:
          `Subscribe to start a storm: ${updatesPerSec} updates/s of this resource and ` +
          `${listChangesPerSec} list changes/s under ${STORM_ITEM_URI_PREFIX}… for ${durationMs} ms.`,
        mimeType: "text/plain",
        // No size: it changes too often to be worth listing.
      },
      read: () => [{ uri: STORM_URI, mimeType: "text/plain", text: this.text }],
    };
  }

  /** Starts a run unless one is running. */
  start(): void {
    if (this.run) return;
    this.runs += 1;
    this.run = { number: this.runs, startedAt: performance.now(), updates: 0, listChanges: 0 };
    this.deps.log(
      `demo server storm ${this.runs}: ${this.totalUpdates} updates, ${this.totalListChanges} list changes`,
    );
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref(); // stdin keeps the process alive while connected
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.run = undefined;
  }

  private tick(): void {
    const run = this.run;
    if (!run) return;
    const { durationMs } = this.config;
    const elapsed = performance.now() - run.startedAt;
    const due = (total: number) =>
      elapsed >= durationMs ? total : Math.floor((total * elapsed) / durationMs);
    // List changes first: once a client reads `final:`, the list is final too.
    for (const target = due(this.totalListChanges); run.listChanges < target; run.listChanges += 1) {
      this.changeList();
    }
    for (const target = due(this.totalUpdates); run.updates < target;) {
      run.updates += 1;
      this.text = this.render(run.updates, run.updates === this.totalUpdates);
      this.deps.changed(STORM_URI);
    }
    if (run.updates === this.totalUpdates && run.listChanges === this.totalListChanges) {
      this.deps.log(`demo server storm ${run.number} done in ${Math.round(elapsed)} ms`);
      this.stop();
    }
  }

  private changeList(): void {
    const n = (this.itemsAdded += 1);
    const uri = `${STORM_ITEM_URI_PREFIX}${n}`;
    const stamp = createdAt(Date.now());
    this.deps.store.put(
      textResource(uri, `storm-${n}${stamp.suffix}`, `Storm item ${n}, run ${this.runs}.\n`, {
        mimeType: "text/plain",
        _meta: stamp._meta,
      }),
    );
    this.items.push(uri);
    if (this.items.length > STORM_LIST_WINDOW) {
      const oldest = this.items.shift();
      if (oldest !== undefined) this.deps.store.remove(oldest);
    }
    this.deps.listChanged();
  }

  /** Lines joined by "\n" with none after the last, so the final text ends with `final: <count>`. */
  private render(count: number, final: boolean): string {
    const { updatesPerSec, listChangesPerSec, durationMs } = this.config;
    const lines = [
      `storm run ${this.runs} (${updatesPerSec} updates/s, ${listChangesPerSec} list changes/s, ${durationMs} ms)`,
      `count: ${count}`,
      `at-ms: ${Date.now()}`,
    ];
    if (final) lines.push(`final: ${count}`);
    return lines.join("\n");
  }
}
