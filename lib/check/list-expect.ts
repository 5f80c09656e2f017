/**
 * Whether one listing satisfies an `expectListChanged` step (issue 13). The runner asks it of the
 * listing when the step starts and again after every list_changed in the window: the step passes
 * as soon as one listing does ("eventually"), however many notifications it took.
 */
import type { Mismatch } from "./compare";
import type { ListShape, Step } from "./schema";
import { describeShape, fitsShape } from "./uri-pattern";

type ListStep = Extract<Step, { action: "expectListChanged" }>;

const sample = (uris: readonly string[]) =>
  uris.length <= 5 ? uris.join(", ") : `${uris.slice(0, 5).join(", ")} and ${uris.length - 5} more`;

/**
 * Every way `current` falls short of the step: pinned uris (`added` present, `removed` absent),
 * and shapes counted over what changed since `baseline` (the listing when step `after` ended).
 */
export function listProblems(
  step: ListStep,
  baseline: readonly string[],
  current: readonly string[],
): Mismatch[] {
  const now = new Set(current);
  const before = new Set(baseline);
  const out: Mismatch[] = [];
  for (const uri of step.added)
    if (!now.has(uri))
      out.push({ path: "/added", problem: "missing", expected: uri, message: `the list never held ${uri}` });
  for (const uri of step.removed)
    if (now.has(uri))
      out.push({
        path: "/removed",
        problem: "unexpected",
        actual: uri,
        message: `the list still held ${uri}`,
      });
  const shapeProblem = (side: "added" | "removed", shape: ListShape, changed: string[]) => {
    const fitting = changed.filter((u) => fitsShape(shape, u));
    const { min, max } = shape.count;
    if (fitting.length >= min && (max === undefined || fitting.length <= max)) return;
    const gained = side === "added" ? "gained" : "lost";
    const others = changed.filter((u) => !fitsShape(shape, u));
    out.push({
      path: `/${side}Shape`,
      problem: "count",
      expected: describeShape(shape),
      actual: changed,
      message:
        `expected the list to have ${gained} ${describeShape(shape)}, it ${gained} ${fitting.length}` +
        (others.length ? ` (and ${sample(others)}, which do not match)` : ""),
    });
  };
  if (step.addedShape)
    shapeProblem(
      "added",
      step.addedShape,
      current.filter((u) => !before.has(u)),
    );
  if (step.removedShape)
    shapeProblem(
      "removed",
      step.removedShape,
      baseline.filter((u) => !now.has(u)),
    );
  return out;
}
