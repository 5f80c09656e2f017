/**
 * What the recording and checks routes answer (app/api/sessions/[id]/recording/**,
 * app/api/checks/**). The one definition: server/check/{recorder,runner}.ts import these.
 */
import type { Mismatch } from "@/lib/check/compare";
import type { CheckFile, Matcher, Step } from "@/lib/check/schema";
import type { VolatileField } from "@/lib/check/volatile";

export type { CheckFile, Matcher, Mismatch, Step, VolatileField };

export interface RecordedStep {
  step: Step;
  volatile: VolatileField[];
  /** Milliseconds since the recording started. */
  at: number;
}

/** GET|POST /api/sessions/{id}/recording. */
export interface RecordingInfo {
  sessionId: string;
  /** Epoch ms. */
  startedAt: number;
  steps: RecordedStep[];
  /** What was heard but not recorded, and why (a step over its size cap, a URI too long). */
  notes?: string[];
  /** Second looks still running. */
  pending: number;
}

/** POST /api/sessions/{id}/recording/check: the draft, after every second look finished. */
export interface RecordingDraftResponse {
  check: CheckFile;
  recording: RecordingInfo;
}

export type StepStatus = "passed" | "failed" | "error" | "skipped";

/** `check --repeat N` (lib/check/repeat.ts sums the runs up into these). */
export interface StepOutcome {
  /** 1-based run numbers. */
  runs: number[];
  status: StepStatus;
  /** The step's failure as a run reported it ("passed" has none). */
  detail: string;
  /** The paths its mismatches named (where a looser matcher may help). */
  paths: string[];
}

export interface StepRepeat {
  id: string;
  action: string;
  passed: number;
  runs: number;
  verdict: "stable" | "flaky" | "failing";
  /** Each distinct outcome and the runs that had it (only when not every run passed). */
  outcomes: StepOutcome[];
}

export interface CheckRepeat {
  name: string;
  file?: string;
  runs: number;
  /** Runs that passed as a whole. */
  passed: number;
  verdict: "stable" | "flaky" | "failing";
  /** Set when a run could not run at all (each distinct error). */
  errors: string[];
  steps: StepRepeat[];
}

export interface StepResult {
  id: string;
  action: Step["action"];
  title?: string;
  status: StepStatus;
  durationMs: number;
  mismatches: Mismatch[];
  error?: string;
  /** How it passed, when that is worth saying ("already true when the step started"). */
  note?: string;
  /** The resource the step is about: read, template read, watch, expected update (for "Open in viewer"). */
  uri?: string;
}

export interface CheckResult {
  name: string;
  file?: string;
  status: "passed" | "failed";
  durationMs: number;
  steps: StepResult[];
  /** Set when the check could not run at all (bad launch, server did not start). */
  error?: string;
  stderrTail?: string[];
  /** The inspector's own notes from the run (`[inspector] …` lines), apart from the server's. */
  inspectorNotes?: string[];
  /**
   * Saved-file runs: sessions open at run time whose launch (program, args, env; or URL, transport, headers) is the check's.
   * The run's own server is gone; a failing step opens its resource in one of these.
   */
  sessionIds?: string[];
}

/** POST /api/checks/run. */
export interface RunChecksResponse {
  results: CheckResult[];
  /** A draft run with `repeat` ("verify now"): the runs summed up per step, flaky ones marked. */
  repeat?: CheckRepeat;
}

/** POST /api/checks `{check, folder?, filename?, overwrite?}` → 201. */
export interface SaveCheckBody {
  check: CheckFile;
  folder?: string;
  filename?: string;
  overwrite?: boolean;
}
export interface SaveCheckResponse {
  /** Relative to the folder the app runs from. */
  path: string;
  check: CheckFile;
}

/** GET /api/checks?folder=… */
export interface CheckListEntry {
  path: string;
  name?: string;
  /** Set when the file is not a valid check. */
  error?: string;
}
export interface CheckListResponse {
  folder: string;
  checks: CheckListEntry[];
}

/** POST /api/checks/playwright `{check, checkPath}`. */
export interface PlaywrightSpecResponse {
  filename: string;
  source: string;
}

/** Run a draft (resolving `${VAR}` from a session's env) or saved files. */
export type RunChecksBody =
  | { check: CheckFile; sessionId?: string; repeat?: number }
  /** `envFile`: KEY=value lines (the CLI's --env-file), a path on the app's machine. */
  | { files: string[]; envFile?: string };
