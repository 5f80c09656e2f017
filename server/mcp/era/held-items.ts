import "server-only";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { perRequestStreamOf } from "../transports/traffic-tap";

/**
 * The v2 client checks a 2026-07-28 result against its wire schema whatever schema the caller
 * passes (its codec's decodeResult), and a failed check formats every zod issue into one string:
 * a page of 5 MB of `{}` items ended in "Invalid string length" and an out-of-memory (issue 32).
 * So between the transport and that client, the item array of a list, read or completion answer
 * is held aside: the client sees the result with it empty (its check then covers the envelope
 * only) and a key naming where the items wait; `restore` puts them back for salvage.ts.
 * The same for the fields that check refuses a whole answer for (a result without `resultType`,
 * ttlMs -5, cacheScope "everyone": "Invalid result for resources/list: …"): the client sees
 * stand-ins, `restore` gives back what the server sent, and the Problems panel says what was
 * wrong (lib/lint/modern-checks.ts). The inspector shows an answer as it came.
 */

/** Where each method's items are: a field of the result, or of its `completion`. */
const ITEM_FIELDS: Record<string, readonly string[]> = {
  "resources/list": ["resources"],
  "resources/templates/list": ["resourceTemplates"],
  "tools/list": ["tools"],
  "resources/read": ["contents"],
  "completion/complete": ["completion", "values"],
};

/** The key the client sees in place of the items (an unknown key: both eras' schemas keep it). */
export const HELD_KEY = "io.mcp-resource-inspector/held";

/** Answers whose request failed late (a timeout) never come back for their items: keep a few. */
const MAX_HELD = 8;
/** Requests waiting for their answer, by id (the oldest forgotten past this). */
const MAX_ASKED = 1_000;

/** Results that carry cache hints (2026-07-28, caching#cacheable-results). */
const CACHEABLE = new Set([
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "tools/list",
  "prompts/list",
]);

/** A field of the result as the server sent it; ABSENT: it sent none. */
const ABSENT = Symbol("absent");
type Originals = Record<string, unknown>;

/** The stand-ins the client sees for fields whose value would make it refuse the whole answer. */
function standIns(method: string, result: Obj): Originals | null {
  const out: Originals = {};
  if (result.resultType === undefined) out.resultType = "complete";
  const complete = (out.resultType ?? result.resultType) === "complete";
  if (complete && CACHEABLE.has(method)) {
    const ttl = result.ttlMs;
    if (!(typeof ttl === "number" && Number.isInteger(ttl) && ttl >= 0)) out.ttlMs = 0;
    if (result.cacheScope !== "public" && result.cacheScope !== "private") out.cacheScope = "private";
  }
  return Object.keys(out).length > 0 ? out : null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export class HeldItems implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly asked = new Map<string | number, string>();
  private readonly held = new Map<string, { items?: unknown[]; originals?: Originals }>();
  private next = 0;

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.onmessage?.(this.holding(message), extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Only the answers salvage.ts takes (through `restore`); a tool call's is the SDK's own.
    if ("method" in message && "id" in message && ITEM_FIELDS[message.method]) {
      this.asked.set(message.id, message.method);
      if (this.asked.size > MAX_ASKED) this.asked.delete(this.asked.keys().next().value!);
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** Passed on, as the v2 client asks it (traffic-tap.ts). */
  get hasPerRequestStream(): boolean {
    return perRequestStreamOf(this.inner);
  }

  /**
   * `result` with its held items and the fields as the server sent them back in place (an
   * answer whose items were dropped: none).
   */
  restore(result: Obj): Obj {
    const key = result[HELD_KEY];
    if (typeof key !== "string") return result;
    const rest = { ...result };
    delete rest[HELD_KEY];
    const { items = [], originals } = this.held.get(key) ?? {};
    this.held.delete(key);
    for (const [field, value] of Object.entries(originals ?? {}))
      if (value === ABSENT) delete rest[field];
      else rest[field] = value;
    // The key is "<n>[ <field>[ <field>]]" (see holding).
    const [, first, second] = key.split(" ");
    if (first === undefined) return rest;
    if (second === undefined) return { ...rest, [first]: items };
    return { ...rest, [first]: { ...(rest[first] as Obj), [second]: items } };
  }

  private holding<T extends JSONRPCMessage>(message: T): T {
    if (!("id" in message) || !("result" in message)) return message;
    const method = this.asked.get(message.id);
    if (method === undefined) return message;
    this.asked.delete(message.id);
    const result = message.result as Obj;
    if (!isObj(result)) return message;
    const fields = ITEM_FIELDS[method] ?? [];
    const [first, second] = fields as [string | undefined, string | undefined];
    const parent = first === undefined ? undefined : second === undefined ? result : result[first];
    const items = isObj(parent) ? parent[second ?? first!] : undefined;
    const stand = standIns(method, result);
    const holdsItems = Array.isArray(items);
    if (!holdsItems && !stand) return message;
    const key = [String(this.next++), ...(holdsItems ? fields : [])].join(" ");
    const originals = stand
      ? Object.fromEntries(Object.keys(stand).map((f) => [f, f in result ? result[f] : ABSENT]))
      : undefined;
    this.held.set(key, { ...(holdsItems ? { items } : {}), ...(originals ? { originals } : {}) });
    for (const old of this.held.keys()) {
      if (this.held.size <= MAX_HELD) break;
      this.held.delete(old);
    }
    const seen = { ...result, ...stand, [HELD_KEY]: key };
    if (!holdsItems) return { ...message, result: seen };
    const emptied =
      second === undefined
        ? { ...seen, [first!]: [] }
        : { ...seen, [first!]: { ...(parent as Obj), [second]: [] } };
    return { ...message, result: emptied };
  }
}
