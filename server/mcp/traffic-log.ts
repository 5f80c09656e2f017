import "server-only";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { TrafficSummary } from "@/lib/api/events";
import { boundedId, boundedKey, clip, freshCopy, MAX_FIELD_CHARS } from "@/lib/limits/bounds";
import { RingBuffer } from "@/lib/limits/ring-buffer";

export interface TrafficEntry extends TrafficSummary {
  /** The message as sent or received, or a preview when it was larger than the body cap. */
  message: unknown;
  truncated: boolean;
}

/** A message whose JSON is longer is kept as a preview of this many characters. */
export const TRAFFIC_BODY_CAP = 16 * 1024;
const BODY_CAP = TRAFFIC_BODY_CAP;

/**
 * Raw JSON-RPC traffic of one session, bounded in count and in bytes per entry: a 10 MB read is
 * kept as a 16 KB preview, and the fields a summary repeats (method, id) are cut to 256
 * characters, so a server's 10 MB request id is never kept whole nor sent to every tab.
 * With request→response latency.
 */
export class TrafficLog {
  private readonly entries: RingBuffer<TrafficEntry>;
  private readonly pending = new Map<string, { at: number; method: string; cancelled?: true }>();
  private seq = 0;

  constructor(capacity = 1_000) {
    this.entries = new RingBuffer(capacity);
  }

  /** @param json the message as it travelled, when the transport has it (saves a serialization). */
  record(direction: "in" | "out", message: JSONRPCMessage, json = JSON.stringify(message)): TrafficEntry {
    const at = Date.now();
    const m = message as { id?: string | number; method?: string; error?: unknown };
    const hasId = m.id !== undefined && m.id !== null;
    let kind: TrafficEntry["kind"];
    let method = m.method;
    let latencyMs: number | undefined;
    let late: true | undefined;
    // Ids of requests we send and of requests the server sends live in separate spaces.
    const key = (dir: "in" | "out", id: string | number) =>
      `${dir}:${typeof id}:${typeof id === "string" ? boundedKey(id, MAX_FIELD_CHARS) : id}`;
    if (m.method !== undefined) {
      kind = hasId ? "request" : "notification";
      if (m.method === "notifications/cancelled") {
        // Its answer, if one still comes, is late: the sender has stopped waiting for it.
        const id = (message as { params?: { requestId?: unknown } }).params?.requestId;
        const req =
          typeof id === "string" || typeof id === "number" ? this.pending.get(key(direction, id)) : undefined;
        if (req) req.cancelled = true;
      }
      if (hasId) {
        this.pending.set(key(direction, m.id!), { at, method: clip(m.method, MAX_FIELD_CHARS) });
        if (this.pending.size > 10_000) this.pending.delete(this.pending.keys().next().value!);
      }
    } else {
      kind = m.error !== undefined ? "error" : "response";
      const k = key(direction === "in" ? "out" : "in", m.id!);
      const req = hasId ? this.pending.get(k) : undefined;
      if (req) {
        latencyMs = at - req.at;
        method = req.method;
        late = req.cancelled;
        this.pending.delete(k);
      }
    }
    const truncated = json.length > BODY_CAP;
    const entry: TrafficEntry = {
      seq: ++this.seq,
      at,
      direction,
      kind,
      ...(method !== undefined ? { method: clip(method, MAX_FIELD_CHARS) } : {}),
      ...(hasId ? { rpcId: boundedId(m.id!) } : {}),
      bytes: Buffer.byteLength(json),
      ...(latencyMs !== undefined ? { latencyMs } : {}),
      ...(late ? { late } : {}),
      // A copy, not a slice: V8 would keep a slice's whole 40 MB parent string alive with it.
      message: truncated ? `${freshCopy(json.slice(0, BODY_CAP))}…` : message,
      truncated,
    };
    this.entries.push(entry);
    return entry;
  }

  /**
   * A capture's traffic (an offline session shows what was heard then, not its replay): each
   * entry as the capture holds it, re-bounded as `record` bounds a message, malformed ones left out.
   */
  restore(entries: readonly Record<string, unknown>[], dropped: number): void {
    this.entries.dropped += dropped;
    for (const e of entries) {
      const entry = restoredEntry(e, this.seq + 1);
      if (!entry) continue;
      this.seq = entry.seq;
      this.entries.push(entry);
    }
  }

  all(): { entries: TrafficEntry[]; dropped: number } {
    return { entries: this.entries.toArray(), dropped: this.entries.dropped };
  }
}

export function summarize(e: TrafficEntry): TrafficSummary {
  const { message: _m, truncated: _t, ...summary } = e;
  return summary;
}

const KINDS = new Set(["request", "response", "notification", "error"]);

/** A captured entry as `record` would have kept it, or null when it is not one (seq at least `minSeq`). */
function restoredEntry(e: Record<string, unknown>, minSeq: number): TrafficEntry | null {
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const direction = e.direction;
  const kind = e.kind;
  if ((direction !== "in" && direction !== "out") || typeof kind !== "string" || !KINDS.has(kind))
    return null;
  const json = typeof e.message === "string" ? e.message : (JSON.stringify(e.message) ?? "null");
  const truncated = e.truncated === true || json.length > BODY_CAP;
  const rpcId = e.rpcId;
  const latencyMs = num(e.latencyMs);
  return {
    seq: Math.max(minSeq, Math.floor(num(e.seq) ?? 0)),
    at: num(e.at) ?? 0,
    direction,
    kind: kind as TrafficEntry["kind"],
    ...(typeof e.method === "string" ? { method: clip(e.method, MAX_FIELD_CHARS) } : {}),
    ...(typeof rpcId === "string" || typeof rpcId === "number" ? { rpcId: boundedId(rpcId) } : {}),
    bytes: Math.max(0, Math.floor(num(e.bytes) ?? json.length)),
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(e.late === true ? { late: true as const } : {}),
    message:
      typeof e.message === "string" || json.length > BODY_CAP
        ? `${freshCopy(json.slice(0, BODY_CAP))}${json.length > BODY_CAP ? "…" : ""}`
        : e.message,
    truncated,
  };
}
