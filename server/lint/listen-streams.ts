/**
 * The linter's view of a session's 2026-07-28 listen streams (spec: basic/patterns/subscriptions):
 * each `subscriptions/listen` request of ours opens one, under its JSON-RPC id; the server's
 * acknowledgement opens it for notifications; our `notifications/cancelled`, the server's, or the
 * listen's own response ends it. A stream just ended is remembered for a while: a notification the
 * server wrote before it read our cancel is in flight, not unknown. Keys are bounded like request
 * ids (a server chooses the ids it sends back), and at most MAX_TRACKED streams are kept.
 */
import type { StreamState } from "@/lib/lint/modern-checks";
import { boundedMap, idKey } from "./bookkeeping";

/** How long a stream's id still counts after it ended (a notification in flight). */
export const ENDED_GRACE_MS = 5_000;

interface Stream {
  openedAt: number;
  acknowledged: boolean;
  endedAt?: number;
}

/** A subscription id as a key: ids are request ids (string or number), anything else matches none. */
function keyOf(id: unknown): string | null {
  return typeof id === "string" || typeof id === "number" ? idKey("out", id) : null;
}

export class ListenStreams {
  private readonly streams = new Map<string, Stream>();

  /** Our `subscriptions/listen` request went out. */
  opened(id: string | number): void {
    boundedMap(this.streams, idKey("out", id), { openedAt: Date.now(), acknowledged: false });
  }

  /** Is `id` one of our listen requests? */
  has(id: unknown): boolean {
    const key = keyOf(id);
    return key !== null && this.streams.has(key);
  }

  /** What a notification carrying `id` finds (`undefined`: it carried none). */
  state(id: unknown): StreamState {
    if (id === undefined) return "none";
    const key = keyOf(id);
    const s = key === null ? undefined : this.streams.get(key);
    if (!s) return "unknown";
    if (s.endedAt !== undefined) return Date.now() - s.endedAt <= ENDED_GRACE_MS ? "open" : "unknown";
    return s.acknowledged ? "open" : "unacknowledged";
  }

  acknowledged(id: unknown): void {
    const s = this.get(id);
    if (s && s.endedAt === undefined) s.acknowledged = true;
  }

  /**
   * The stream ended (cancelled, or answered). Returns how long it had waited for an
   * acknowledgement when it never got one, else null.
   */
  ended(id: unknown): number | null {
    const s = this.get(id);
    if (!s || s.endedAt !== undefined) return null;
    s.endedAt = Date.now();
    return s.acknowledged ? null : s.endedAt - s.openedAt;
  }

  private get(id: unknown): Stream | undefined {
    const key = keyOf(id);
    return key === null ? undefined : this.streams.get(key);
  }
}
