import "server-only";
import { randomBytes } from "node:crypto";
import { compareLists, compareValues, type Mismatch } from "@/lib/check/compare";
import { CHECK_FILE_VERSION, type CheckFile, type Step } from "@/lib/check/schema";
import type { InspectorEvent } from "@/lib/api/events";
import { listProblems } from "@/lib/check/list-expect";
import { diffLists } from "@/lib/resources/list-diff";
import type { CheckResult, StepResult } from "@/lib/check/results";
import { expandTemplate } from "@/lib/resources/uri-template";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import type { LaunchSpec } from "@/lib/api/contract";
import type { SignInRoute } from "@/server/mcp/oauth/session-auth";
import { launchFor } from "./secret-references";
import { alignBlobBytes, observeLike } from "./observe";
import { ProblemScan } from "../lint/scan";
import { HOST_IDS, HOSTS } from "@/lib/hosts";
import { affectedHosts } from "@/lib/hosts/host-problems";
import { EventLog, withTimeout } from "./event-log";
import { expectSameAs } from "./same-as";

export type { CheckResult, StepResult, StepStatus } from "@/lib/check/results";

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
  /** The one-shot CLI's OAuth sign-in for a remote server (server/cli/sign-in.ts); the app has none. */
  signIn?: CheckSignIn;
}

/** How a check's server signs in: the launch it runs, the route for its provider, its connect. */
export interface CheckSignIn {
  prepare(launch: LaunchSpec): Promise<{
    launch: LaunchSpec;
    route?: SignInRoute;
    connect(session: McpSession): Promise<void>;
    close(): Promise<void>;
    /** Extra time the connect step may take while a user signs in, in ms. */
    waitMs: number;
    /** A step after the connect: signed in again and run again if it lost its grant (a step-up). */
    run<T>(session: McpSession, op: () => Promise<T>): Promise<T>;
  }>;
}

/** How the session marks its own lines in the server's stderr log (server/mcp/session.ts). */
const INSPECTOR_NOTE = "[inspector] ";

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
  let signIn: Awaited<ReturnType<CheckSignIn["prepare"]>> | undefined;
  try {
    const launch = launchFor(check.server, options.dir, options.vars);
    signIn = await options.signIn?.prepare(launch);
    const config = { ...readConfig(), requestTimeoutMs: timeoutMs, connectTimeoutMs: timeoutMs };
    // A name from the host's config is the one host rules judge (expectHostCompatible).
    session = new McpSession(
      `check-${randomBytes(6).toString("base64url")}`,
      signIn?.launch ?? launch,
      config,
      log.push,
      check.server.name,
      signIn?.route,
    );
  } catch (err) {
    await signIn?.close();
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

  // A scan's reads sign in again on a step-up, as a step does.
  const prepared = signIn;
  const scanRetry = prepared ? { retry: <T>(op: () => Promise<T>) => prepared.run(session, op) } : {};
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
          const attempt = () =>
            withTimeout(
              execute(step),
              "withinMs" in step
                ? step.withinMs + timeoutMs
                : step.action === "connect"
                  ? timeoutMs + (signIn?.waitMs ?? 0)
                  : timeoutMs,
              `step ${step.id}`,
            );
          // The sign-in's wait is outside the step's timeout; the step runs again in full after it.
          const observed = await (signIn && step.action !== "connect"
            ? signIn.run(session, attempt)
            : attempt());
          if (observed.mismatches.length > 0) res.status = "failed";
          res.mismatches = observed.mismatches;
          if (observed.note) res.note = observed.note;
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
    await signIn?.close();
  }

  const failed = steps.some((s) => s.status !== "passed");
  // The session's log holds the inspector's own notes too; a report names them as ours.
  const tail = session.stderr.tail();
  const serverLines = tail.filter((l) => !l.startsWith(INSPECTOR_NOTE));
  const notes = tail.filter((l) => l.startsWith(INSPECTOR_NOTE)).map((l) => l.slice(INSPECTOR_NOTE.length));
  const result: CheckResult = {
    ...base,
    status: failed ? "failed" : "passed",
    durationMs: Date.now() - started,
    steps,
    ...(failed && serverLines.length ? { stderrTail: serverLines } : {}),
    ...(failed && notes.length ? { inspectorNotes: notes } : {}),
  };
  return options.update
    ? { result, updated: { ...check, version: CHECK_FILE_VERSION, steps: updatedSteps } }
    : { result };

  async function execute(step: Step): Promise<{ mismatches: Mismatch[]; updated?: Step; note?: string }> {
    const m = step.matchers;
    switch (step.action) {
      case "connect": {
        await (signIn ? signIn.connect(session) : session.connect());
        connected = true;
        // The listing list changes are counted against when no step listed before them (as the
        // recorder takes one); a server without resources/list simply has none.
        if (session.capabilities?.resources)
          await session.listResources(true, { silent: true }).catch(() => undefined);
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
        const actual = observeLike(step.expect, await session.read(step.uri, true));
        return {
          mismatches: compareValues(step.expect, alignBlobBytes(step.expect, actual), m),
          updated: { ...step, expect: actual },
        };
      }
      case "readTemplate": {
        // Our RFC 6570 level 4 expander, as the page's template form uses: the SDK's UriTemplate
        // drops `{;x}` and `{var:3}` and mis-encodes several forms (lib/resources/uri-template.ts).
        const uri = expandTemplate(step.uriTemplate, step.arguments);
        const actual = { uri, ...observeLike(step.expect, await session.read(uri, true)) };
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
        if (step.count) return countUpdates(step, since);
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
        const actual = observeLike(step.expect, await session.read(step.uri));
        return {
          mismatches: compareValues(step.expect, alignBlobBytes(step.expect, actual), m),
          updated: { ...step, expect: actual },
        };
      }
      case "expectNoProblems": {
        if (step.scan) await new ProblemScan(session, scanRetry).run();
        await session.lint.idle();
        // A code named explicitly counts whatever its severity; otherwise the severities decide, and
        // only protocol problems count: host problems are expectHostCompatible's (so a check written
        // before the host rules existed does not start failing with them).
        const found = session.lint
          .list()
          .filter((p) =>
            step.codes
              ? step.codes.includes(p.code)
              : p.hosts === undefined && step.severities.includes(p.severity),
          );
        return {
          mismatches: found.map((p) => ({
            path: `/problems/${p.code}`,
            problem: "unexpected" as const,
            actual: p.evidence.uri ?? p.evidence.method ?? p.code,
            message: `${p.severity} ${p.code}: ${p.message}`,
          })),
        };
      }
      case "expectHostCompatible": {
        if (step.scan) await new ProblemScan(session, scanRetry).run();
        await session.lint.idle();
        const hosts = step.hosts ?? HOST_IDS;
        const found = session.lint.list().flatMap((p) => {
          const affected = affectedHosts(p, hosts);
          const counted =
            affected.length > 0 &&
            (p.severity === "error" || p.severity === "warning") &&
            (!step.codes || (step.codes as readonly string[]).includes(p.code));
          return counted ? [{ p, affected }] : [];
        });
        return {
          mismatches: found.map(({ p, affected }) => ({
            path: `/hosts/${p.code}`,
            problem: "unexpected" as const,
            actual: p.evidence.uri ?? p.evidence.method ?? p.code,
            message: `${affected.map((h) => HOSTS[h].label).join(", ")}: ${p.severity} ${p.code}: ${p.message}`,
          })),
        };
      }
      case "expectSameAs":
        return expectSameAs(session, options.dir, step);
      case "expectListChanged": {
        const afterId = step.after;
        const since = afterId ? (stepEnd.get(afterId) ?? previousEnd) : previousEnd;
        const uris = (items: readonly { uri?: unknown }[] | undefined) =>
          (items ?? []).map((r) => String(r.uri));
        const baseline = uris(afterId ? listAt.get(afterId) : [...listAt.values()].pop());
        const current = () => uris(session.resources.value?.items);
        const updated = (now: string[]): Step => {
          if (step.addedShape || step.removedShape) return step;
          const diff = diffLists(baseline, now, (u) => u);
          return { ...step, added: diff.added, removed: diff.removed };
        };
        const isChange = (e: InspectorEvent) => e.type === "resources-changed";
        const deadline = since + step.withinMs;
        const bare = !step.added.length && !step.removed.length && !step.addedShape && !step.removedShape;
        if (bare) {
          // Nothing to see in the listing: the notification itself is the expectation.
          const hit = await log.waitFor((e): e is InspectorEvent => isChange(e), since - 50, deadline);
          return hit
            ? { mismatches: [] }
            : notSeen("notifications/resources/list_changed", `no list_changed within ${step.withinMs} ms`);
        }
        // Eventually: the listing when the step starts, then after every list_changed in the window.
        let problems = listProblems(step, baseline, current());
        if (problems.length === 0)
          return { mismatches: [], updated: updated(current()), note: "already true when the step started" };
        let seen = log.length;
        while (await log.next(seen, deadline)) {
          seen = log.length;
          problems = listProblems(step, baseline, current());
          if (problems.length === 0) return { mismatches: [], updated: updated(current()) };
        }
        if (log.count(isChange, since - 50) === 0)
          return notSeen(
            "notifications/resources/list_changed",
            `no list_changed within ${step.withinMs} ms`,
          );
        return {
          mismatches: problems.map((p) => ({ ...p, message: `within ${step.withinMs} ms, ${p.message}` })),
          updated: updated(current()),
        };
      }
    }
  }

  /** "At least N updates of U within T": counted from step `after`, passing once there are enough. */
  async function countUpdates(
    step: Extract<Step, { action: "expectUpdated" }>,
    since: number,
  ): Promise<{ mismatches: Mismatch[] }> {
    const { min, max } = step.count ?? { min: 1 };
    const isUpdate = (e: InspectorEvent) => e.type === "resource-updated" && e.uri === step.uri;
    const deadline = since + step.withinMs;
    let seen = log.length;
    // With a max, the whole window must pass before the count is known.
    while ((max !== undefined || log.count(isUpdate, since - 50) < min) && (await log.next(seen, deadline)))
      seen = log.length;
    const n = log.count(isUpdate, since - 50);
    const wanted = max === undefined ? `at least ${min}` : `${min} to ${max}`;
    if (n >= min && (max === undefined || n <= max)) return { mismatches: [] };
    return {
      mismatches: [
        {
          path: "/count",
          problem: "count",
          expected: step.count,
          actual: n,
          message: `expected ${wanted} notifications/resources/updated for ${step.uri} within ${step.withinMs} ms, saw ${n}`,
        },
      ],
    };
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
