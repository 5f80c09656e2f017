"use client";

import { useEffect, useRef } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { useSelect } from "@/components/workspace/use-selection";
import { canMove, draftProblems, isMovable } from "@/lib/check/draft";
import { stepTarget, stepUri } from "@/lib/check/format";
import type { RecordingDraft } from "@/lib/check/recording-queries";
import { CheckResults } from "./check-results";
import { ReviewActions } from "./review-actions";
import { StepEditor } from "./step-editor";
import { useDraftEditor } from "./use-recording-draft";
import { useReviewActions, VERIFY_RUNS } from "./use-review-actions";
import { VerifyResults } from "./verify-results";

export interface ReviewDialogProps {
  draft: RecordingDraft;
  serverName: string;
}

/** A stopped recording under review: name it, edit its steps and matchers, save, export or run it. */
export function ReviewDialog({ draft, serverName }: ReviewDialogProps) {
  const { check, sessionId, folder, saved, results, verify: verified } = draft;
  const { dispatch, patch, setOpen, clear } = useDraftEditor(sessionId);
  const { save, exportSpec, run, verify, download, specPath } = useReviewActions(draft);
  const select = useSelect();
  const problems = draftProblems(check);
  const resultsRef = useRef<HTMLDivElement>(null);

  // New results: bring them into view (not on reopening, when the same results are shown again).
  useEffect(() => {
    if (run.data) resultsRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [run.data]);

  const savedPath = saved?.path ?? null;
  const dirty = Boolean(saved && saved.check !== check);

  return (
    <ModalFrame
      size="large"
      title="Review recording"
      subtitle={`${serverName} · ${check.steps.length} steps`}
      onClose={() => setOpen(false)}
      footer={
        <ReviewActions
          folder={folder}
          onFolder={(next) => patch({ folder: next })}
          problems={problems.length}
          save={save}
          savedPath={savedPath}
          dirty={dirty}
          exportSpec={exportSpec}
          run={run}
          verify={verify}
          onVerify={() => verify.mutate(check)}
          onSave={(overwrite) => save.mutate({ check, folder, overwrite })}
          onDownload={() => download(check)}
          onExport={() => exportSpec.mutate({ check, checkPath: specPath(check, folder) })}
          onRun={() => run.mutate(check)}
          onDiscard={clear}
        />
      }
    >
      <div className="flex flex-col gap-3 p-4">
        <label className="flex items-center gap-2 text-xs font-medium text-zinc-700">
          Check name
          <input
            value={check.name}
            onChange={(e) => dispatch({ type: "rename", name: e.target.value })}
            className="max-w-md flex-1 rounded border border-zinc-300 bg-white px-1.5 py-1 text-xs font-normal"
          />
        </label>
        <p className="text-[11px] text-zinc-500">
          Each step expects what the server answered while recording. Fields that changed between the two
          looks got a looser matcher, with the reason; choose per field how it is compared. The server launch
          keeps environment values, and header values that look like secrets, as{" "}
          <code className="font-mono">{"${VAR}"}</code> references.
        </p>
        <ol aria-label="Steps" className="flex flex-col gap-1.5">
          {check.steps.map((step, i) => (
            <StepEditor
              key={step.id}
              step={step}
              index={i}
              volatile={draft.volatile[step.id] ?? []}
              problems={problems.filter((p) => p.stepId === step.id)}
              canMoveUp={canMove(check.steps, step.id, -1)}
              canMoveDown={canMove(check.steps, step.id, 1)}
              canDelete={isMovable(step) && check.steps.length > 1}
              onAction={dispatch}
            />
          ))}
        </ol>
        {problems
          .filter((p) => p.stepId === undefined)
          .map((p) => (
            <p key={p.message} role="alert" className="text-xs text-rose-700">
              {p.message}
            </p>
          ))}
        {verify.isPending && <Spinner label={`Replaying the check ${VERIFY_RUNS} times…`} />}
        {verified && (
          <VerifyResults
            verify={verified}
            onLoosen={(stepId, path) =>
              dispatch({
                type: "setMatcher",
                stepId,
                path,
                matcher: { type: "type", reason: "flaky in verify now" },
              })
            }
          />
        )}
        <div ref={resultsRef}>
          {run.isPending && <Spinner label="Running the check against a fresh server…" />}
          {results && (
            <CheckResults
              results={results}
              uriOf={(_result, step) => {
                const recorded = check.steps.find((s) => s.id === step.id);
                return step.uri ?? (recorded ? stepUri(recorded) : undefined);
              }}
              targetOf={(_result, step) => {
                const recorded = check.steps.find((s) => s.id === step.id);
                return recorded ? stepTarget(recorded) : undefined;
              }}
              onOpen={(uri) => {
                setOpen(false);
                select({ serverId: sessionId, uri });
              }}
            />
          )}
        </div>
      </div>
    </ModalFrame>
  );
}
