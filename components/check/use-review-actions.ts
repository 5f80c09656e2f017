"use client";

import { useMutation } from "@tanstack/react-query";
import { api } from "@/components/auth/api";
import { checkPathFor, slugify } from "@/lib/check/format";
import type { RecordingDraft } from "@/lib/check/recording-queries";
import type { CheckFile, CheckRepeat, CheckResult, SaveCheckResponse } from "@/lib/check/results";
import { downloadText } from "@/components/ui/download";
import { useDraftEditor } from "./use-recording-draft";

/** How many replays "verify now" makes. */
export const VERIFY_RUNS = 3;

/** Save, download, export and run a reviewed check; what they return is kept with the draft. */
export function useReviewActions(draft: RecordingDraft) {
  const { sessionId } = draft;
  const { patch } = useDraftEditor(sessionId);

  const save = useMutation<
    SaveCheckResponse,
    Error,
    { check: CheckFile; folder: string; overwrite?: boolean }
  >({
    mutationFn: ({ check, folder, overwrite }) =>
      api.saveCheck({ check, folder, ...(overwrite ? { overwrite: true } : {}) }),
    onSuccess: (saved, { check, folder }) => patch({ saved: { path: saved.path, folder, check } }),
  });

  const exportSpec = useMutation<string, Error, { check: CheckFile; checkPath: string }>({
    mutationFn: async ({ check, checkPath }) => {
      const { filename, source } = await api.exportPlaywright(check, checkPath);
      downloadText(filename, source, "text/typescript");
      return filename;
    },
  });

  // Against a fresh server process, with ${VAR} values taken from the recorded session's env.
  const run = useMutation<CheckResult[], Error, CheckFile>({
    mutationFn: async (check) => (await api.runChecks({ check, sessionId })).results,
    // Results of an earlier version of the check would mislead while the new run goes.
    onMutate: () => patch({ results: undefined }),
    onSuccess: (results) => patch({ results }),
  });

  // "Verify now": the draft replayed three times, one after another, before it is saved.
  const verify = useMutation<CheckRepeat | undefined, Error, CheckFile>({
    mutationFn: async (check) => (await api.runChecks({ check, sessionId, repeat: VERIFY_RUNS })).repeat,
    onMutate: () => patch({ verify: undefined }),
    onSuccess: (repeat) => patch(repeat ? { verify: repeat } : {}),
  });

  const download = (check: CheckFile) =>
    downloadText(
      `${slugify(check.name)}.check.json`,
      `${JSON.stringify(check, null, 2)}\n`,
      "application/json",
    );

  /** What the exported spec should point at: the saved file, else where Save would put it. */
  const specPath = (check: CheckFile, folder: string) =>
    draft.saved && draft.saved.folder === folder ? draft.saved.path : checkPathFor(folder, check.name);

  return { save, exportSpec, run, verify, download, specPath };
}
