import type { DraftAction, DraftProblem } from "@/lib/check/draft";
import { isListStep, isWaitStep, matcherOfType } from "@/lib/check/draft";
import { examplePath, expectedView, initialPattern, stepTarget } from "@/lib/check/format";
import type { Step, VolatileField } from "@/lib/check/results";
import { ActionBadge } from "./action-badge";
import { AddMatcherForm } from "./add-matcher-form";
import { CollapsibleJson } from "./collapsible-json";
import { ListCompareEditor } from "./list-compare-editor";
import { ListShapeView } from "./list-shape-view";
import { MatcherRow } from "./matcher-row";
import { NumberField } from "./number-field";
import { StepMoveButtons } from "./step-move-buttons";

export interface StepEditorProps {
  step: Step;
  index: number;
  volatile: readonly VolatileField[];
  problems: readonly DraftProblem[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  canDelete: boolean;
  onAction: (action: DraftAction) => void;
}

/** One step under review: reorder or delete it, and choose how each of its fields is compared. */
export function StepEditor({
  step,
  index,
  volatile,
  problems,
  canMoveUp,
  canMoveDown,
  canDelete,
  onAction,
}: StepEditorProps) {
  const expected = expectedView(step);
  const stepId = step.id;
  const matchers = Object.entries(step.matchers);
  const problemAt = (path: string) => problems.find((p) => p.path === path)?.message;
  const general = problems.filter((p) => p.path === undefined);
  const found = volatile.length;
  return (
    <li className="rounded-md border border-zinc-200 bg-white">
      <div className="flex items-center gap-2 border-b border-zinc-100 px-3 py-1">
        <span className="w-5 shrink-0 text-right text-[11px] text-zinc-400 tabular-nums">{index + 1}</span>
        <ActionBadge action={step.action} />
        <span
          className="min-w-0 flex-1 truncate font-mono text-[11px] text-zinc-800"
          title={stepTarget(step)}
        >
          {stepTarget(step)}
        </span>
        <span className="shrink-0 font-mono text-[10px] text-zinc-400">{stepId}</span>
        <StepMoveButtons
          stepId={stepId}
          canMoveUp={canMoveUp}
          canMoveDown={canMoveDown}
          canDelete={canDelete}
          onMove={(delta) => onAction({ type: "move", stepId, delta })}
          onDelete={() => onAction({ type: "delete", stepId })}
        />
      </div>
      <div className="flex flex-col gap-1 px-3 py-1.5 pl-10">
        {isListStep(step) && (
          <ListCompareEditor
            stepId={stepId}
            compare={step.compare}
            onChange={(compare) => onAction({ type: "setCompare", stepId, compare })}
          />
        )}
        {isWaitStep(step) && (
          <NumberField
            label={
              step.action === "expectUpdated"
                ? "notification expected within"
                : "list_changed expected within"
            }
            value={step.withinMs}
            min={1}
            max={600_000}
            suffix={step.after ? `ms after ${step.after}` : "ms after the previous step"}
            onChange={(withinMs) =>
              withinMs !== undefined && onAction({ type: "setWithinMs", stepId, withinMs })
            }
          />
        )}
        {step.action === "expectListChanged" &&
          (["added", "removed"] as const).map((side) => (
            <ListShapeView
              key={side}
              stepId={stepId}
              side={side}
              shape={side === "added" ? step.addedShape : step.removedShape}
              pinned={step[side]}
              onPin={() => onAction({ type: "pinUris", stepId, side })}
            />
          ))}
        {step.action === "callTool" && <CollapsibleJson summary="Arguments" value={step.arguments} />}
        {expected !== undefined && (
          <>
            {matchers.length > 0 ? (
              <ul aria-label={`Matchers of ${stepId}`} className="divide-y divide-zinc-100">
                {matchers.map(([path, matcher]) => (
                  <MatcherRow
                    key={path}
                    path={path}
                    matcher={matcher}
                    problem={problemAt(path)}
                    initialPattern={initialPattern(step, path)}
                    onChange={(m) => onAction({ type: "setMatcher", stepId, path, matcher: m })}
                    onRemove={() => onAction({ type: "removeMatcher", stepId, path })}
                  />
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p className="text-[11px] text-zinc-500">
                {matchers.length > 0 ? "Every other field" : "Every field"} is compared exactly
                {found > 0
                  ? ` · the second look found ${found} changing by ${found === 1 ? "itself" : "themselves"}`
                  : ""}
                .
              </p>
              <AddMatcherForm
                stepId={stepId}
                placeholder={examplePath(step)}
                expected={expected}
                onAdd={(path, type) =>
                  onAction({
                    type: "setMatcher",
                    stepId,
                    path,
                    matcher: matcherOfType(type, step.matchers[path], initialPattern(step, path)),
                  })
                }
              />
            </div>
            <CollapsibleJson summary="Expected" value={expected} />
          </>
        )}
        {general.map((p) => (
          <p key={p.message} role="alert" className="text-[11px] text-rose-700">
            {p.message}
          </p>
        ))}
      </div>
    </li>
  );
}
