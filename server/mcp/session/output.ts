import "server-only";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ReadResponse, Resource, ResourceTemplate } from "@/lib/api/contract";
import type { InspectorEvent, TrafficSummary } from "@/lib/api/events";
import { Batcher } from "../event-bus";
import { StderrLog } from "../stderr-log";
import { summarize, TrafficLog, type TrafficEntry } from "../traffic-log";

/**
 * What a session did for its user, and every event it emitted, as its observers hear it (a
 * recording of a check is one). Whoever calls the session — a route, the runner, a test — is
 * heard the same way, so no caller has to tell an observer what it did.
 */
export type SessionOperation =
  | { type: "list"; kind: "resources"; items: readonly Resource[] }
  | { type: "list"; kind: "templates"; items: readonly ResourceTemplate[] }
  | { type: "read"; uri: string; result: ReadResponse }
  | { type: "watch"; uri: string }
  | { type: "unwatch"; uri: string }
  /** Heard before the call is sent: the notifications it causes follow it. */
  | { type: "tool-call"; name: string; arguments: Record<string, unknown> }
  | { type: "event"; event: InspectorEvent };

/**
 * Every JSON-RPC message in either direction (and each stdout line that was not one), as it
 * passes: only to observers that asked (`observeTraffic`), the Problems panel's linter among them.
 */
export type TrafficOperation =
  | {
      type: "traffic";
      direction: "in" | "out";
      message: JSONRPCMessage;
      /** The message as JSON text (as it travelled, or serialized once for the log). */
      json: string;
      entry: TrafficEntry;
    }
  | { type: "stray-line"; line: string };

export type SessionObserver = (operation: SessionOperation) => void;
export type TrafficObserver = (operation: SessionOperation | TrafficOperation) => void;

/**
 * Everything a session tells anyone, in three verbs: `emit` an event (to every tab's stream and
 * to observers), `tell` observers what the user did, `note` a line in the server's log panel.
 * Holds the bounded stderr and traffic logs and batches what they add into events, so a server
 * writing 1,000 lines a second costs ten events, not a thousand. Knows nothing of the session.
 */
export class SessionOutput {
  readonly stderr = new StderrLog();
  readonly traffic = new TrafficLog();
  private readonly stderrBatch: Batcher<string>;
  private readonly trafficBatch: Batcher<TrafficSummary>;
  private readonly observers = new Set<SessionObserver>();
  private readonly trafficObservers = new Set<TrafficObserver>();

  constructor(
    private readonly sessionId: string,
    /** Straight to every tab (progress uses it too: it is for the page, not for observers). */
    readonly toBus: (event: InspectorEvent) => void,
  ) {
    this.stderrBatch = new Batcher(50, 500, (lines) => this.emit({ type: "stderr", sessionId, lines }));
    this.trafficBatch = new Batcher(50, 200, (entries) =>
      this.emit({ type: "traffic", sessionId: this.sessionId, entries }),
    );
  }

  /** To every tab, and to observers. */
  emit(event: InspectorEvent): void {
    this.toBus(event);
    this.tell({ type: "event", event });
  }

  /** Hear every operation and event from now on; returns the unsubscribe. */
  observe(observer: SessionObserver): () => void {
    this.observers.add(observer);
    return () => void this.observers.delete(observer);
  }

  /** The same, and every message in either direction besides (the linter); returns the unsubscribe. */
  observeTraffic(observer: TrafficObserver): () => void {
    this.trafficObservers.add(observer);
    return () => void this.trafficObservers.delete(observer);
  }

  tell(operation: SessionOperation): void {
    for (const observer of this.observers) call(observer, operation);
    for (const observer of this.trafficObservers) call(observer, operation);
  }

  /**
   * A line in the server's log panel: the server's stderr, or the inspector's own `[inspector] …`
   * notes. Through the batcher too, so they show as they happen, not only after a reload.
   */
  note(text: string): void {
    for (const line of this.stderr.write(text)) this.stderrBatch.push(line);
  }

  /** A message the traffic tap heard: logged, batched to the tabs, and told to traffic observers. */
  heard(direction: "in" | "out", message: JSONRPCMessage, json: string): void {
    const entry = this.traffic.record(direction, message, json);
    this.trafficBatch.push(summarize(entry));
    for (const observer of this.trafficObservers)
      call(observer, { type: "traffic", direction, message, json, entry });
  }

  /** A stdout line that was not a JSON-RPC message (stdio only). */
  strayLine(line: string): void {
    for (const observer of this.trafficObservers) call(observer, { type: "stray-line", line });
  }

  /** Send what stderr holds now, before an event that the page reads it for (a disconnect). */
  flushStderr(): void {
    this.stderrBatch.drain();
  }
}

/** An observer's bug must not fail the user's operation or the other observers. */
function call<T>(observer: (operation: T) => void, operation: T): void {
  try {
    observer(operation);
  } catch (err) {
    console.error("[mcp-resource-inspector] session observer failed:", err);
  }
}
