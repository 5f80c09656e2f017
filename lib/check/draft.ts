/**
 * Editing a recorded check before it is saved: pure transitions over the check file (delete and
 * reorder steps, choose per path how a field is compared, list and wait options) and the problems
 * that would make the server refuse it. The connect step stays first: the runner skips every step
 * until the server is connected.
 */
import { regexRule } from "@/lib/check/compare";
import { checkFileSchema, type CheckFile, type Matcher, type Step } from "@/lib/check/schema";

export interface ListCompareEdit {
  ordered?: boolean;
  containsAtLeast?: boolean;
  /** `null` removes the bounds. */
  count?: { min?: number; max?: number } | null;
}

export type DraftAction =
  | { type: "rename"; name: string }
  | { type: "delete"; stepId: string }
  | { type: "move"; stepId: string; delta: -1 | 1 }
  | { type: "setMatcher"; stepId: string; path: string; matcher: Matcher }
  | { type: "removeMatcher"; stepId: string; path: string }
  | { type: "setCompare"; stepId: string; compare: ListCompareEdit }
  | { type: "setWithinMs"; stepId: string; withinMs: number }
  /** A list change by shape → exactly the URIs it was inferred from (which must then appear). */
  | { type: "pinUris"; stepId: string; side: "added" | "removed" };

export const isListStep = (s: Step): s is Extract<Step, { action: "listResources" | "listTemplates" }> =>
  s.action === "listResources" || s.action === "listTemplates";

export const isWaitStep = (s: Step): s is Extract<Step, { action: "expectUpdated" | "expectListChanged" }> =>
  s.action === "expectUpdated" || s.action === "expectListChanged";

/** Whether a step may be deleted or moved (the connect step may not). */
export const isMovable = (s: Step) => s.action !== "connect";

/** Whether `move` would do anything: never above the connect step, never past either end. */
export function canMove(steps: readonly Step[], stepId: string, delta: -1 | 1): boolean {
  const i = steps.findIndex((s) => s.id === stepId);
  const j = i + delta;
  const here = steps[i];
  const there = steps[j];
  return here !== undefined && there !== undefined && isMovable(here) && isMovable(there);
}

/**
 * `after` must name an earlier step (the schema says so). A wait whose step was deleted, or that
 * now comes before it, counts from the step just before it instead, as a recorded wait would.
 */
export function repairAfter(steps: readonly Step[]): Step[] {
  const seen = new Set<string>();
  return steps.map((step, i) => {
    let out = step;
    if ("after" in step && step.after !== undefined && !seen.has(step.after)) {
      const previous = steps[i - 1];
      const { after: _dropped, ...rest } = step;
      out = previous ? { ...rest, after: previous.id } : rest;
    }
    seen.add(step.id);
    return out;
  });
}

function mapStep(check: CheckFile, stepId: string, f: (s: Step) => Step): CheckFile {
  let hit = false;
  const steps = check.steps.map((s) => {
    if (s.id !== stepId) return s;
    hit = true;
    return f(s);
  });
  return hit ? { ...check, steps } : check;
}

export function reduceDraft(check: CheckFile, action: DraftAction): CheckFile {
  switch (action.type) {
    case "rename":
      return { ...check, name: action.name };
    case "delete": {
      const step = check.steps.find((s) => s.id === action.stepId);
      if (!step || !isMovable(step) || check.steps.length <= 1) return check;
      return { ...check, steps: repairAfter(check.steps.filter((s) => s !== step)) };
    }
    case "move": {
      if (!canMove(check.steps, action.stepId, action.delta)) return check;
      const i = check.steps.findIndex((s) => s.id === action.stepId);
      const steps = [...check.steps];
      const [step] = steps.splice(i, 1);
      steps.splice(i + action.delta, 0, step!);
      return { ...check, steps: repairAfter(steps) };
    }
    case "setMatcher":
      return mapStep(check, action.stepId, (s) => ({
        ...s,
        matchers: { ...s.matchers, [action.path]: action.matcher },
      }));
    case "removeMatcher":
      return mapStep(check, action.stepId, (s) => {
        const { [action.path]: _removed, ...matchers } = s.matchers;
        return { ...s, matchers };
      });
    case "setCompare":
      return mapStep(check, action.stepId, (s) => {
        if (!isListStep(s)) return s;
        const { count, ...flags } = action.compare;
        const compare = { ...s.compare, ...flags };
        if (count === null) delete compare.count;
        else if (count !== undefined) compare.count = count;
        return { ...s, compare };
      });
    case "setWithinMs":
      return mapStep(check, action.stepId, (s) => (isWaitStep(s) ? { ...s, withinMs: action.withinMs } : s));
    case "pinUris":
      return mapStep(check, action.stepId, (s) => {
        if (s.action !== "expectListChanged") return s;
        const key = action.side === "added" ? "addedShape" : "removedShape";
        const shape = s[key];
        if (!shape) return s;
        const { [key]: _pinned, ...rest } = s;
        return { ...rest, [action.side]: [...new Set([...s[action.side], ...shape.examples])] };
      });
  }
}

/** The matcher types, in the order the editor offers them. */
export const MATCHER_TYPES: readonly { type: Matcher["type"]; label: string }[] = [
  { type: "exact", label: "exact" },
  { type: "ignore", label: "ignore" },
  { type: "regex", label: "regex" },
  { type: "type", label: "type only" },
  { type: "json", label: "JSON structure" },
];

/** A matcher of the given type for `path`, keeping what it can of the one it replaces. */
export function matcherOfType(type: Matcher["type"], previous: Matcher | undefined, pattern = ".*"): Matcher {
  const reason = previous && "reason" in previous ? previous.reason : undefined;
  const withReason = reason === undefined ? {} : { reason };
  switch (type) {
    case "exact":
      return { type };
    case "json":
      return { type };
    case "ignore":
      return { type, ...withReason };
    case "type":
      return { type, ...withReason };
    case "regex":
      return { type, pattern: previous?.type === "regex" ? previous.pattern : pattern, ...withReason };
  }
}

export interface DraftProblem {
  stepId?: string;
  path?: string;
  message: string;
}

/** What would make saving or running fail, each said where it is, before the server is asked. */
export function draftProblems(check: CheckFile): DraftProblem[] {
  const out: DraftProblem[] = [];
  if (!check.name.trim()) out.push({ message: "The check needs a name." });
  for (const step of check.steps) {
    for (const [path, m] of Object.entries(step.matchers)) {
      if (path !== "" && !path.startsWith("/"))
        out.push({ stepId: step.id, path, message: `"${path}" is not a JSON Pointer (start it with /).` });
      if (m.type === "regex") {
        try {
          regexRule(m.pattern);
        } catch (err) {
          out.push({ stepId: step.id, path, message: `Invalid regex: ${(err as Error).message}` });
        }
      }
    }
    if (isListStep(step)) {
      const { min, max } = step.compare.count ?? {};
      if (min !== undefined && max !== undefined && min > max)
        out.push({ stepId: step.id, message: `The count range is empty (${min} > ${max}).` });
    }
    if (step.action === "expectListChanged")
      for (const shape of [step.addedShape, step.removedShape])
        if (shape?.pattern !== undefined && shape.uriTemplate === undefined)
          try {
            regexRule(shape.pattern);
          } catch (err) {
            out.push({ stepId: step.id, message: `Invalid URI pattern: ${(err as Error).message}` });
          }
    if (
      isWaitStep(step) &&
      !(Number.isInteger(step.withinMs) && step.withinMs > 0 && step.withinMs <= 600_000)
    )
      out.push({ stepId: step.id, message: "The wait must be a whole number of ms, 1 to 600000." });
  }
  if (out.length === 0) {
    const parsed = checkFileSchema.safeParse(check);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        out.push({ message: `${issue.path.join(".") || "(check)"}: ${issue.message}` });
  }
  return out;
}
