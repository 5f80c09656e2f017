import "server-only";
import { CHECK_FILE_VERSION, type CheckFile, type Matcher, type Step } from "@/lib/check/schema";
import { fitsShape, inferUriPattern, loosenCount, recordedShape } from "@/lib/check/uri-pattern";
import { joinPointer } from "@/lib/json/json-pointer";
import { detectVolatile } from "@/lib/check/volatile";
import type { RecordedStep, RecordingInfo } from "@/lib/check/results";

export type { RecordedStep, RecordingInfo };
export { MAX_RECORDING_CHARS, MAX_STEP_CHARS, MAX_STEPS, templateFor } from "./step-log";
import type { ReadResponse, Resource, ResourceTemplate } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import type { McpSession, SessionOperation } from "@/server/mcp/session";
import { CaptureReadOnlyError } from "@/server/mcp/session-errors";
import { recordedServer } from "./recorded-server";
import { observeRead } from "./observe";
import { StepLog, templateFor } from "./step-log";

/**
 * How long after a read or list the recorder looks again, to find fields that change by
 * themselves. Just over a second: most embedded timestamps have second resolution (e.g.
 * server-everything's toLocaleTimeString()), and two looks inside one second would miss them.
 */
export const SECOND_LOOK_MS = 1_100;

const reason = `changed between two observations ${SECOND_LOOK_MS} ms apart`;

/**
 * Turns what the user does with one session into check steps, each with what the server answered
 * as its expectation. Every read and list is observed twice; fields that differ become volatile
 * (regex, type-only or ignored) so replay is not flaky. Notifications seen for watched resources
 * and list changes become `expectUpdated` / `expectListChanged` steps.
 *
 * It observes the session (McpSession.observe): whoever calls the session is recorded, and no
 * caller knows a recording exists. Its own second looks are silent, so they are not steps.
 */
export class Recorder {
  readonly startedAt = Date.now();
  /** The steps so far, bounded; what was heard but not recorded is noted there. */
  private readonly log = new StepLog(this.startedAt);
  private readonly pending = new Set<Promise<void>>();
  private readonly watched = new Set<string>();
  /** The user's actions that start notification streams: the watch of each uri, the last tool call. */
  private readonly watchStep = new Map<string, RecordedStep>();
  private lastTool: RecordedStep | undefined;
  /** One wait per stream and cause, folding every repeat of that stream (see onEvent). */
  private readonly streams = new Map<string, StreamFold>();
  /** The listing a list_changed left the session with: the UI's re-list of it is no step. */
  private followedList: string | undefined;
  private readonly stopObserving: () => void;

  constructor(private readonly session: McpSession) {
    const s = session.summary();
    this.log.push({
      id: this.log.nextId("connect"),
      action: "connect",
      matchers: {},
      expect: {
        serverInfo: { ...(s.serverInfo ?? {}) },
        capabilities: { ...(s.capabilities ?? {}) },
        protocolVersion: s.protocolVersion ?? "",
      },
    });
    this.stopObserving = session.observe((operation) => this.hear(operation));
    // A listing to diff the first list_changed against: without one, everything listed would
    // count as added (list-cache.ts), and the pattern of the additions would be lost.
    if (session.resources.value === null && session.capabilities?.resources) {
      const p = session
        .listResources(true, { silent: true })
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => this.pending.delete(p));
      this.pending.add(p);
    }
  }

  private hear(operation: SessionOperation): void {
    switch (operation.type) {
      case "list":
        return this.list(operation.kind, operation.items);
      case "read":
        return this.read(operation.uri, operation.result);
      case "watch":
        return this.watch(operation.uri);
      case "unwatch":
        return this.unwatch(operation.uri);
      case "tool-call":
        return this.callTool(operation.name, operation.arguments);
      case "event":
        return this.onEvent(operation.event);
    }
  }

  /** Hear nothing more from the session (the recording is discarded or replaced). */
  stop(): void {
    this.stopObserving();
  }

  /** Look again a moment later and loosen the matchers of whatever changed by itself. */
  private secondLook(
    rec: RecordedStep,
    first: unknown,
    again: () => Promise<unknown>,
    prefix = "",
    then?: (second: unknown) => void,
  ): void {
    const p = (async () => {
      await new Promise((r) => setTimeout(r, SECOND_LOOK_MS));
      if (this.session.status !== "connected") return;
      const second = await again();
      const found = detectVolatile(first, second, reason).map((v) => ({ ...v, path: prefix + v.path }));
      rec.volatile = found;
      rec.step.matchers = Object.fromEntries(found.map((v): [string, Matcher] => [v.path, v.matcher]));
      then?.(second);
    })()
      .catch(() => undefined)
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private list(kind: "resources" | "templates", items: readonly (Resource | ResourceTemplate)[]): void {
    const action = kind === "resources" ? "listResources" : "listTemplates";
    const key = kind === "resources" ? "uri" : "uriTemplate";
    const asItems = items as unknown as Record<string, unknown>[];
    // The UI re-lists after every list_changed; an unchanged repeat of the last list adds nothing.
    const last = this.log.steps[this.log.steps.length - 1]?.step;
    if (last?.action === action && JSON.stringify(last.expect.items) === JSON.stringify(asItems)) return;
    // The UI following a list_changed re-lists what the notification already said (its wait does).
    if (kind === "resources" && this.followedList === JSON.stringify(asItems)) return;
    const rec = this.log.push({
      id: this.log.nextId(action),
      action,
      matchers: {},
      compare: { ordered: false, containsAtLeast: false },
      expect: { items: asItems },
    });
    if (!rec) return;
    const byKey = (xs: readonly Record<string, unknown>[]) =>
      Object.fromEntries(xs.map((x) => [String(x[key]), x]));
    this.secondLook(
      rec,
      byKey(asItems),
      async () => {
        const r =
          kind === "resources"
            ? await this.session.listResources(true, { silent: true })
            : await this.session.listTemplates(true, { silent: true });
        return byKey(r.items);
      },
      "/items",
      (second) => this.loosenFamily(rec, Object.keys(byKey(asItems)), Object.keys(second as object)),
    );
  }

  /**
   * A listing that changed by itself between the two looks (a server adding on a timer): the
   * items of that family — what fits the pattern of the keys that came or went — are ignored, and
   * extra items are fine, so a replay that lists more or fewer of them still passes.
   */
  private loosenFamily(rec: RecordedStep, first: string[], second: string[]): void {
    const step = rec.step;
    if (step.action !== "listResources" && step.action !== "listTemplates") return;
    const changed = [
      ...second.filter((k) => !first.includes(k)),
      ...first.filter((k) => !second.includes(k)),
    ];
    if (changed.length === 0) return;
    const family = inferUriPattern(
      changed,
      (this.session.templates.value?.items ?? []).map((t) => t.uriTemplate),
    );
    const shown = "uriTemplate" in family ? family.uriTemplate : `/${family.pattern}/`;
    const why = `one of the items like ${shown} the server adds or removes by itself`;
    step.compare = { ...step.compare, containsAtLeast: true };
    for (const k of first.filter((k) => fitsShape(family, k))) {
      const path = joinPointer("/items", k);
      step.matchers[path] = { type: "ignore", reason: why };
      if (!rec.volatile.some((v) => v.path === path))
        rec.volatile.push({ path, matcher: { type: "ignore", reason: why }, first: k, second: undefined });
    }
  }

  /** A read of a listed uri is a `read`; of a uri only a template matches, a `readTemplate`. */
  private read(uri: string, result: ReadResponse): void {
    // A watched resource is re-read by the UI on every update: the watch and its expectUpdated
    // steps already say that, so those reads are not steps of their own.
    if (this.watched.has(uri) || this.log.tooLong(uri, "read")) return;
    const observed = observeRead(result);
    const listed = this.session.resources.value?.items.some((r) => r.uri === uri) ?? false;
    const template = listed ? undefined : templateFor(uri, this.session.templates.value?.items ?? []);
    const rec = template
      ? this.log.push({
          id: this.log.nextId("readTemplate"),
          action: "readTemplate",
          matchers: {},
          uriTemplate: template.uriTemplate,
          arguments: template.args,
          expect: { uri, ...observed },
        })
      : this.log.push({ id: this.log.nextId("read"), action: "read", matchers: {}, uri, expect: observed });
    if (!rec) return;
    const first = template ? { uri, ...observed } : observed;
    this.secondLook(rec, first, async () => {
      const again = observeRead(await this.session.read(uri, true, { silent: true }));
      return template ? { uri, ...again } : again;
    });
  }

  private watch(uri: string): void {
    if (this.log.tooLong(uri, "watch")) return;
    this.watched.add(uri);
    const rec = this.log.push({ id: this.log.nextId("watch"), action: "watch", matchers: {}, uri });
    if (rec) this.watchStep.set(uri, rec);
  }

  private unwatch(uri: string): void {
    if (this.log.tooLong(uri, "unwatch")) return;
    this.watched.delete(uri);
    this.log.push({ id: this.log.nextId("unwatch"), action: "unwatch", matchers: {}, uri });
  }

  private callTool(name: string, args: Record<string, unknown>): void {
    this.lastTool =
      this.log.push({
        id: this.log.nextId("callTool"),
        action: "callTool",
        matchers: {},
        name,
        arguments: args,
      }) ?? this.lastTool;
  }

  /** The latest of these recorded steps (any may be missing); the connect step when all are. */
  private latest(...candidates: (RecordedStep | undefined)[]): RecordedStep {
    const present = candidates.filter((c): c is RecordedStep => c !== undefined);
    return (
      present.sort((a, b) => this.log.steps.indexOf(b) - this.log.steps.indexOf(a))[0] ?? this.log.steps[0]!
    );
  }

  /**
   * Notifications become waits, chained only to the user action that caused their stream (issue
   * 13): updates of U to the watch of U (or a tool call that started them), list changes to the last tool call
   * (else the connect) — never to each other, whose order a server's clock decides. Every repeat
   * of one stream after the same cause folds into its one wait: a count ("at least N updates of
   * U") and a list change by shape (how many URIs, like which pattern).
   */
  private onEvent(event: InspectorEvent): void {
    if (event.type === "resource-updated" && this.watched.has(event.uri) && event.version > 0) {
      // Updates that already came after the watch keep coming from it: a later tool call did not
      // start them. Updates that start after a tool call are that call's doing.
      const watched = this.watchStep.get(event.uri);
      const ongoing = watched && this.streams.has(`updated ${event.uri}\n${watched.step.id}`);
      const cause = ongoing ? watched : this.latest(watched, this.lastTool);
      const fold = this.fold(`updated ${event.uri}`, cause, event.at, (id, withinMs) => ({
        id,
        action: "expectUpdated",
        matchers: {},
        uri: event.uri,
        after: cause.step.id,
        withinMs,
      }));
      if (!fold) return;
      const step = fold.rec.step;
      if (step.action !== "expectUpdated") return;
      const { min } = loosenCount(fold.seen);
      if (min > 1) step.count = { min };
    } else if (event.type === "resources-changed") {
      this.followedList = JSON.stringify(this.session.resources.value?.items ?? []);
      // A watch does not change the listing; a tool call may. Else it is the server's own doing.
      const cause = this.latest(this.lastTool);
      const fold = this.fold("list_changed", cause, event.at, (id, withinMs) => ({
        id,
        action: "expectListChanged",
        matchers: {},
        after: cause.step.id,
        withinMs,
        added: [],
        removed: [],
      }));
      if (!fold) return;
      // A URI too long to replay or show is left out of the shape (and noted once per change).
      const fits = (uri: string) => !this.log.tooLong(uri, "expectListChanged");
      for (const uri of event.diff.added.filter(fits)) if (!fold.removed.delete(uri)) fold.added.add(uri);
      for (const uri of event.diff.removed.filter(fits)) if (!fold.added.delete(uri)) fold.removed.add(uri);
      const step = fold.rec.step;
      if (step.action !== "expectListChanged") return;
      const templates = (this.session.templates.value?.items ?? []).map((t) => t.uriTemplate);
      if (fold.added.size) step.addedShape = recordedShape(fold.added, templates);
      else delete step.addedShape;
      if (fold.removed.size) step.removedShape = recordedShape(fold.removed, templates);
      else delete step.removedShape;
    }
  }

  /** The wait of this stream after `cause`, created on its first notification, its window widened. */
  private fold(
    stream: string,
    cause: RecordedStep,
    at: number,
    create: (id: string, withinMs: number) => Step,
  ): StreamFold | undefined {
    // Generous bound: what we saw, tripled, plus a second for a loaded CI machine.
    const withinMs = Math.min(
      600_000,
      Math.max(2_000, Math.round((at - this.startedAt - cause.at) * 3) + 1_000),
    );
    const key = `${stream}\n${cause.step.id}`;
    let fold = this.streams.get(key);
    if (!fold) {
      const action = stream === "list_changed" ? "expectListChanged" : "expectUpdated";
      const rec = this.log.push(create(this.log.nextId(action), withinMs));
      if (!rec) return undefined;
      fold = {
        rec,
        seen: 0,
        added: new Set(),
        removed: new Set(),
      };
      this.streams.set(key, fold);
    }
    fold.seen++;
    const step = fold.rec.step;
    if ("withinMs" in step) step.withinMs = Math.max(step.withinMs, withinMs);
    return fold;
  }

  /** Wait for the second looks already running (not for ones started meanwhile: no livelock). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  info(): RecordingInfo {
    return {
      sessionId: this.session.id,
      startedAt: this.startedAt,
      steps: this.log.steps,
      ...(this.log.notes.length > 0 ? { notes: [...this.log.notes] } : {}),
      pending: this.pending.size,
    };
  }

  /** The check file for what was recorded; env values that look secret become ${VAR} references. */
  toCheck(name: string): CheckFile {
    return {
      version: CHECK_FILE_VERSION,
      name,
      server: recordedServer(this.session),
      timeoutMs: 30_000,
      steps: this.log.steps.map((s) => s.step),
    };
  }
}

interface StreamFold {
  rec: RecordedStep;
  /** Notifications folded in. */
  seen: number;
  /** Net change of the listing over them (list_changed only). */
  added: Set<string>;
  removed: Set<string>;
}

/** Asked for the recording of a session that is not recording (server/http/errors.ts: 404). */
export class NotRecordingError extends Error {
  constructor() {
    super("This session is not recording.");
  }
}

// On globalThis like the session registry: every route bundle has a module scope of its own.
// Weak: a session that is removed takes its recording with it.
const g = globalThis as typeof globalThis & { __mcpRecordings?: WeakMap<McpSession, Recorder> };
const recordings = (g.__mcpRecordings ??= new WeakMap<McpSession, Recorder>());

/** Start recording the session from its current state; a recording already running is discarded. */
export function startRecording(session: McpSession): Recorder {
  // A capture's launch is a stranger's command: a check drafted from it would run it.
  if (!session.abilities.record)
    throw new CaptureReadOnlyError("recorded (a check from it would run its command)");
  stopRecording(session);
  const recorder = new Recorder(session);
  recordings.set(session, recorder);
  return recorder;
}

/** The session's running recording; throws NotRecordingError when there is none. */
export function recordingOf(session: McpSession): Recorder {
  const recorder = recordings.get(session);
  if (!recorder) throw new NotRecordingError();
  return recorder;
}

/** Stop and discard the session's recording, if any. */
export function stopRecording(session: McpSession): void {
  recordings.get(session)?.stop();
  recordings.delete(session);
}
