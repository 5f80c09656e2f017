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

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export class HeldItems implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly asked = new Map<string | number, readonly string[]>();
  private readonly held = new Map<string, unknown[]>();
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
    if ("method" in message && "id" in message) {
      const fields = ITEM_FIELDS[message.method];
      if (fields) this.asked.set(message.id, fields);
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

  /** `result` with its held items back in place (an answer whose items were dropped: none). */
  restore(result: Obj): Obj {
    const key = result[HELD_KEY];
    if (typeof key !== "string") return result;
    const rest = { ...result };
    delete rest[HELD_KEY];
    const items = this.held.get(key) ?? [];
    this.held.delete(key);
    // The key is "<n> <field>[ <field>]" (see holding).
    const [, first = "", second] = key.split(" ");
    if (second === undefined) return { ...rest, [first]: items };
    return { ...rest, [first]: { ...(rest[first] as Obj), [second]: items } };
  }

  private holding<T extends JSONRPCMessage>(message: T): T {
    if (!("id" in message) || !("result" in message)) return message;
    const fields = this.asked.get(message.id);
    if (!fields) return message;
    this.asked.delete(message.id);
    const result = message.result as Obj;
    const [first, second] = fields as [string, string | undefined];
    const parent = second === undefined ? result : result[first];
    const items = isObj(parent) ? parent[second ?? first] : undefined;
    if (!Array.isArray(items)) return message;
    const key = `${this.next++} ${fields.join(" ")}`;
    this.held.set(key, items);
    for (const old of this.held.keys()) {
      if (this.held.size <= MAX_HELD) break;
      this.held.delete(old);
    }
    const emptied =
      second === undefined
        ? { ...result, [first]: [], [HELD_KEY]: key }
        : { ...result, [first]: { ...(parent as Obj), [second]: [] }, [HELD_KEY]: key };
    return { ...message, result: emptied };
  }
}
