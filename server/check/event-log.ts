import "server-only";
import type { InspectorEvent } from "@/lib/api/events";

/** A step that ran out of time (its error says which and how long). */
class StepTimeout extends Error {}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StepTimeout(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

/** Events of one run, with waiting for the first that matches after a moment in time. */
export class EventLog {
  private readonly events: { at: number; event: InspectorEvent }[] = [];
  private waiters = new Set<() => void>();

  push = (event: InspectorEvent): void => {
    this.events.push({ at: Date.now(), event });
    for (const w of this.waiters) w();
  };

  /** How many events since `since` match (notifications of one stream, counted). */
  count(match: (e: InspectorEvent) => boolean, since: number): number {
    return this.events.filter((x) => x.at >= since && match(x.event)).length;
  }

  /** Resolves once an event arrives after the `seen`-th, or at the deadline; false then. */
  async next(seen: number, deadline: number): Promise<boolean> {
    for (;;) {
      if (this.events.length > seen) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.arrival(left);
    }
  }

  get length(): number {
    return this.events.length;
  }

  private arrival(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  async waitFor<E extends InspectorEvent>(
    match: (e: InspectorEvent) => e is E,
    since: number,
    deadline: number,
  ): Promise<{ at: number; event: E } | null> {
    for (;;) {
      const hit = this.events.find((x) => x.at >= since && match(x.event));
      if (hit) return hit as { at: number; event: E };
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await this.arrival(left);
    }
  }
}
