/**
 * Small pure helpers for showing recordings and checks: what a step targets, how a matcher reads,
 * elapsed time, which steps still wait for their second look, the file a check saves to, and the
 * JSON Pointer paths a matcher can be added for.
 */
import { keyed } from "@/lib/check/compare";
import { describeCount, describeShape } from "@/lib/check/uri-pattern";
import type { Matcher, Step } from "@/lib/check/schema";
import { joinPointer, valueAt } from "@/lib/json/json-pointer";
import type { RecordingInfo } from "./results";

/** Mirrors the save route: the file name a check gets when none is given. */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80) || "check"
  );
}

export const CHECK_SUFFIX = ".check.json";
/** Folders are relative to the checks root (`mcp-checks/` unless set at start); "" is the root. */
export const DEFAULT_CHECK_FOLDER = "";

/** Where the save route would write this check, relative to the checks root (for the Playwright export before a save). */
export function checkPathFor(folder: string, name: string): string {
  const dir = folder.trim().replace(/^\/+|\/+$/g, "");
  return `${dir ? `${dir}/` : ""}${slugify(name)}${CHECK_SUFFIX}`;
}

/** "0:07", "12:30", "1:02:03". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

const compact = (v: unknown, max = 60) => {
  const s = typeof v === "string" ? v : (JSON.stringify(v) ?? String(v));
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** What a step acts on, in one line. */
export function stepTarget(step: Step): string {
  switch (step.action) {
    case "connect": {
      const info = step.expect.serverInfo;
      const name = typeof info?.name === "string" ? info.name : "the server";
      return `${name}${typeof info?.version === "string" ? ` ${info.version}` : ""}${
        step.expect.protocolVersion ? ` · ${step.expect.protocolVersion}` : ""
      }`;
    }
    case "listResources":
      return `${step.expect.items.length} resources`;
    case "listTemplates":
      return `${step.expect.items.length} templates`;
    case "read":
    case "watch":
    case "unwatch":
      return step.uri;
    case "readTemplate": {
      const args = Object.entries(step.arguments)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : v}`)
        .join(", ");
      return `${step.uriTemplate} (${args})`;
    }
    case "callTool":
      return Object.keys(step.arguments).length > 0 ? `${step.name} ${compact(step.arguments)}` : step.name;
    case "expectUpdated":
      return `${step.count ? `${describeCount(step.count)} updates of ` : ""}${step.uri} within ${step.withinMs} ms${step.after ? ` after ${step.after}` : ""}`;
    case "expectListChanged": {
      const parts = [
        ...(step.addedShape ? [`+${describeShape(step.addedShape)}`] : []),
        ...(step.removedShape ? [`−${describeShape(step.removedShape)}`] : []),
        ...step.added.map((u) => `+${u}`),
        ...step.removed.map((u) => `−${u}`),
      ];
      return `within ${step.withinMs} ms${step.after ? ` after ${step.after}` : ""}${
        parts.length ? ` · ${compact(parts.join(" "), 80)}` : ""
      }`;
    }
    case "expectNoProblems":
      return `${step.codes ? compact(step.codes.join(", "), 80) : step.severities.join(" or ")}${step.scan ? " after a scan" : ""}`;
    case "expectHostCompatible":
      return `${step.hosts ? step.hosts.join(", ") : "every host"}${step.codes ? ` · ${compact(step.codes.join(", "), 80)}` : ""}${step.scan ? " after a scan" : ""}`;
    case "expectSameAs":
      return `${step.capture}${step.ignore?.length ? ` · ignoring ${compact(step.ignore.join(", "), 80)}` : ""}`;
  }
}

/** The resource a step read, for "Open in viewer". */
export function stepUri(step: Step): string | undefined {
  if (step.action === "read") return step.uri;
  if (step.action === "readTemplate") return step.expect.uri;
  return undefined;
}

/** "regex /\d+/", "ignore", "type only", "JSON structure", "exact". */
export function describeMatcher(m: Matcher): string {
  switch (m.type) {
    case "regex":
      return `regex /${m.pattern}/`;
    case "type":
      return "type only";
    case "json":
      return "JSON structure";
    default:
      return m.type;
  }
}

/** Steps the recorder observes twice. */
export const takesSecondLook = (s: Step) =>
  s.action === "read" ||
  s.action === "readTemplate" ||
  s.action === "listResources" ||
  s.action === "listTemplates";

/**
 * Steps whose second look has not finished. The backend only counts them; looks start as steps
 * are recorded and each takes the same delay, so they finish in order: the last `pending` ones.
 */
export function pendingStepIds(info: Pick<RecordingInfo, "steps" | "pending">): Set<string> {
  if (info.pending <= 0) return new Set();
  const looking = info.steps.filter((r) => takesSecondLook(r.step));
  return new Set(looking.slice(-info.pending).map((r) => r.step.id));
}

/**
 * The value a step expects, shaped as matcher paths address it: listings keyed by uri (or
 * uriTemplate) under /items unless compared in order.
 */
export function expectedView(step: Step): unknown {
  if (step.action === "listResources" || step.action === "listTemplates") {
    if (step.compare.ordered) return step.expect;
    return { items: keyed(step.expect.items, step.action === "listResources" ? "uri" : "uriTemplate") };
  }
  if ("expect" in step) return step.expect;
  return undefined;
}

/** Every JSON Pointer path in a value, parents before children, at most `limit` of them. */
export function pointerPaths(value: unknown, limit = 300): string[] {
  const out: string[] = [];
  const visit = (v: unknown, path: string) => {
    if (out.length >= limit) return;
    if (path !== "") out.push(path);
    if (v && typeof v === "object") {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [k, child] of entries) visit(child, joinPointer(path, k));
    }
  };
  visit(value, "");
  return out;
}

// Kept importable from here for the matcher editor; the pointer rules live in lib/json/json-pointer.ts.
export { valueAt } from "@/lib/json/json-pointer";

/** A path to show as an example in the "add a matcher" field. */
export function examplePath(step: Step): string {
  if (step.action === "connect") return "/serverInfo/version";
  if (step.action === "listResources" || step.action === "listTemplates")
    return step.compare.ordered ? "/items/0/name" : "/items/*/_meta";
  return "/contents/0/text";
}

/**
 * Saved checks run in the UI resolve `${VAR}` references from the inspector's own environment and
 * the Run checks dialog's env file (the CLI: its own, or --env-file). Say so when one was missing.
 */
export function missingEnvHint(error: string | undefined): string | null {
  const name = error?.match(/environment variable ([A-Za-z_][A-Za-z0-9_]*) is not set/)?.[1];
  return name
    ? `Put ${name}=… in a KEY=value file and give its path as the env file of Run checks, or start the inspector with ${name} set.`
    : null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A starting pattern for a new regex matcher: the expected text itself, escaped. */
export function initialPattern(step: Step, path: string): string {
  const v = valueAt(expectedView(step), path);
  return typeof v === "string" ? escapeRegex(v) : ".*";
}

const ACTION_LABELS: Record<Step["action"], string> = {
  connect: "connect",
  listResources: "list resources",
  listTemplates: "list templates",
  read: "read",
  readTemplate: "read template",
  callTool: "call tool",
  watch: "watch",
  unwatch: "unwatch",
  expectUpdated: "expect updated",
  expectListChanged: "expect list changed",
  expectNoProblems: "expect no problems",
  expectHostCompatible: "expect host compatible",
  expectSameAs: "expect same as capture",
};

/** "expect list changed" for expectListChanged. */
export const actionLabel = (action: Step["action"]) => ACTION_LABELS[action];
