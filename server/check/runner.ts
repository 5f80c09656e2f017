import "server-only";
import { randomBytes } from "node:crypto";
import { compareLists, compareValues, type Mismatch } from "@/lib/check/compare";
import { CHECK_FILE_VERSION, type CheckFile, type Step } from "@/lib/check/schema";
import type { InspectorEvent } from "@/lib/events";
import { diffLists } from "@/lib/list-diff";
import type { CheckResult, StepResult } from "@/lib/recorder/types";
import { expandTemplate } from "@/lib/uri-template";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { launchFor } from "./launch";
import { alignBlobBytes, observeRead } from "./observe";

export type { CheckResult, StepResult, StepStatus } from "@/lib/recorder/types";

export interface RunOptions {
  /** Folder the check file lives in (relative cwd of the server). */
  dir: string;
  /** Values for `${VAR}` references. */
  vars: Record<string, string | undefined>;
  /** Per-step timeout overriding the file's. */
  timeoutMs?: number;
  /** Rewrite expectations from what the server answers now (matchers are kept). */
  update?: boolean;
  file?: string;
}

class StepTimeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StepTimeout(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

/** Events of one run, with waiting for the first that matches after a moment in time. */
class EventLog {
  private readonly events: { at: number; event: InspectorEvent }[] = [];
  private waiters = new Set<() => void>();

  push = (event: InspectorEvent): void => {
    this.events.push({ at: Date.now(), event });
    for (const w of this.waiters) w();
  };

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
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }
}

/**
 * Run one check against a fresh server process: connect, take each step, compare what the server
 * answers with the expectations, and always reap the server. With `update`, also return the check
 * with its expectations rewritten from what was observed.
 */
export async function runCheck(
  check: CheckFile,
  options: RunOptions,
): Promise<{ result: CheckResult; updated?: CheckFile }> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? check.timeoutMs;
  const log = new EventLog();
  const steps: StepResult[] = [];
  const updatedSteps: Step[] = [];
  const base = { name: check.name, ...(options.file ? { file: options.file } : {}) };

  let session: McpSession;
  try {
    const launch = launchFor(check.server, options.dir, options.vars);
    const config = { ...readConfig(), requestTimeoutMs: timeoutMs, connectTimeoutMs: timeoutMs };
    session = new McpSession(`check-${randomBytes(6).toString("base64url")}`, launch, config, log.push);
  } catch (err) {
    return {
      result: {
        ...base,
        status: "failed",
        durationMs: Date.now() - started,
        steps,
        error: String((err as Error).message ?? err),
      },
    };
  }

  const stepEnd = new Map<string, number>();
  const listAt = new Map<string, Record<string, unknown>[]>();
  let connected = false;
  let previousEnd = started;

  try {
    for (const step of check.steps) {
      const t0 = Date.now();
      // The resource a failing step is about, for "Open in viewer".
      const readUri =
        step.action === "read" || step.action === "expectUpdated" || step.action === "watch"
          ? step.uri
          : step.action === "readTemplate"
            ? step.expect.uri
            : undefined;
      const res: StepResult = {
        ...(readUri ? { uri: readUri } : {}),
        id: step.id,
        action: step.action,
        ...(step.title ? { title: step.title } : {}),
        status: "passed",
        durationMs: 0,
        mismatches: [],
      };
      let updated: Step = step;
      if (!connected && step.action !== "connect") {
        res.status = "skipped";
        res.error = "the server is not connected";
      } else {
        try {
          const observed = await withTimeout(
            execute(step),
            "withinMs" in step ? step.withinMs + timeoutMs : timeoutMs,
            `step ${step.id}`,
          );
          if (observed.mismatches.length > 0) res.status = "failed";
          res.mismatches = observed.mismatches;
          if (observed.updated) updated = observed.updated;
        } catch (err) {
          res.status = "error";
          res.error = err instanceof Error ? err.message : String(err);
        }
      }
      res.durationMs = Date.now() - t0;
      previousEnd = Date.now();
      stepEnd.set(step.id, previousEnd);
      if (connected) listAt.set(step.id, session.resources.value?.items ?? []);
      steps.push(res);
      updatedSteps.push(updated);
    }
  } finally {
    await session.close();
  }

  const failed = steps.some((s) => s.status !== "passed");
  const result: CheckResult = {
    ...base,
    status: failed ? "failed" : "passed",
    durationMs: Date.now() - started,
    steps,
    ...(failed && session.stderr.tail().length ? { stderrTail: session.stderr.tail() } : {}),
  };
  return options.update
    ? { result, updated: { ...check, version: CHECK_FILE_VERSION, steps: updatedSteps } }
    : { result };

  async function execute(step: Step): Promise<{ mismatches: Mismatch[]; updated?: Step }> {
    const m = step.matchers;
    switch (step.action) {
      case "connect": {
        await session.connect();
        connected = true;
        const s = session.summary();
        const actual = {
          serverInfo: s.serverInfo ?? {},
          capabilities: s.capabilities ?? {},
          protocolVersion: s.protocolVersion ?? "",
        };
        const expected = pick(actual, step.expect);
        return { mismatches: compareValues(step.expect, expected, m), updated: { ...step, expect: actual } };
      }
      case "listResources":
      case "listTemplates": {
        const r =
          step.action === "listResources"
            ? await session.listResources(true)
            : await session.listTemplates(true);
        const items = r.items as unknown as Record<string, unknown>[];
        const key = step.action === "listResources" ? "uri" : "uriTemplate";
        return {
          mismatches: compareLists(step.expect.items, items, key, step.compare, m),
          updated: { ...step, expect: { items } },
        };
      }
      case "read": {
        const actual = observeRead(await session.read(step.uri, true));
        return {
          mismatches: compareValues(step.expect, alignBlobBytes(step.expect, actual), m),
          updated: { ...step, expect: actual },
        };
      }
      case "readTemplate": {
        // Our RFC 6570 level 4 expander, as the page's template form uses: the SDK's UriTemplate
        // drops `{;x}` and `{var:3}` and mis-encodes several forms (lib/uri-template.ts).
        const uri = expandTemplate(step.uriTemplate, step.arguments);
        const actual = { uri, ...observeRead(await session.read(uri, true)) };
        const aligned = { uri, ...alignBlobBytes(step.expect, actual) };
        return { mismatches: compareValues(step.expect, aligned, m), updated: { ...step, expect: actual } };
      }
      case "callTool": {
        const r = (await session.callTool(step.name, step.arguments)) as {
          isError?: boolean;
          content?: unknown;
        };
        if (r.isError)
          throw new Error(`tool ${step.name} reported an error: ${JSON.stringify(r.content).slice(0, 300)}`);
        return { mismatches: [] };
      }
      case "watch":
        await session.watch(step.uri);
        return { mismatches: [] };
      case "unwatch":
        await session.unwatch(step.uri);
        return { mismatches: [] };
      case "expectUpdated": {
        const since = step.after ? (stepEnd.get(step.after) ?? previousEnd) : previousEnd;
        const hit = await log.waitFor(
          (e): e is Extract<InspectorEvent, { type: "resource-updated" }> =>
            e.type === "resource-updated" && e.uri === step.uri,
          since - 50,
          since + step.withinMs,
        );
        if (!hit)
          return notSeen(
            `resources/updated for ${step.uri}`,
            `no notifications/resources/updated for ${step.uri} within ${step.withinMs} ms`,
          );
        if (!step.expect) return { mismatches: [] };
        const actual = observeRead(await session.read(step.uri));
        return {
          mismatches: compareValues(step.expect, alignBlobBytes(step.expect, actual), m),
          updated: { ...step, expect: actual },
        };
      }
      case "expectListChanged": {
        const afterId = step.after;
        const since = afterId ? (stepEnd.get(afterId) ?? previousEnd) : previousEnd;
        const before = (afterId ? listAt.get(afterId) : [...listAt.values()].pop()) ?? [];
        const hit = await log.waitFor(
          (e): e is Extract<InspectorEvent, { type: "resources-changed" }> => e.type === "resources-changed",
          since - 50,
          since + step.withinMs,
        );
        if (!hit)
          return notSeen(
            "notifications/resources/list_changed",
            `no list_changed within ${step.withinMs} ms`,
          );
        const now = (session.resources.value?.items ?? []) as unknown as Record<string, unknown>[];
        const diff = diffLists(before, now, (r) => String(r.uri));
        const mismatches = (["added", "removed"] as const).flatMap((side) =>
          step[side]
            .filter((uri) => !diff[side].includes(uri))
            .map((uri): Mismatch => ({
              path: `/${side}`,
              problem: "missing",
              expected: uri,
              message: `the re-list did not ${side === "added" ? "add" : "remove"} ${uri}`,
            })),
        );
        return { mismatches, updated: { ...step, added: diff.added, removed: diff.removed } };
      }
    }
  }
}

/** Only the keys the expectation names are compared for connect (capabilities may grow). */
function pick(actual: Record<string, unknown>, expect: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(expect).map((k) => [k, actual[k]]));
}

/** The result of a step whose notification never came. */
function notSeen(expected: string, message: string): { mismatches: Mismatch[] } {
  return { mismatches: [{ path: "", problem: "missing", expected, message }] };
}
