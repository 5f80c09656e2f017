/**
 * What the recording and checks routes answer (app/api/sessions/[id]/recording/**,
 * app/api/checks/**). The server defines these in server/check/{recorder,runner}.ts, which the
 * browser may not import; they are restated here, shape for shape, for the typed client.
 */
import type { Mismatch } from "@/lib/check/compare";
import type { CheckFile, Matcher, Step } from "@/lib/check/schema";

export type { CheckFile, Matcher, Mismatch, Step };

/** A field that differed between the recorder's two looks, with the matcher chosen for it. */
export interface VolatileField {
  path: string;
  matcher: Matcher;
  first: unknown;
  second: unknown;
}

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
  /** Second looks still running. */
  pending: number;
}

/** POST /api/sessions/{id}/recording/check: the draft, after every second look finished. */
export interface RecordingDraftResponse {
  check: CheckFile;
  recording: RecordingInfo;
}

export type StepStatus = "passed" | "failed" | "error" | "skipped";

export interface StepResult {
  id: string;
  action: Step["action"];
  title?: string;
  status: StepStatus;
  durationMs: number;
  mismatches: Mismatch[];
  error?: string;
  /** The uri the step read, if the runner says (it does not yet; drafts map step ids to uris instead). */
  uri?: string;
}

export interface CheckResult {
  name: string;
  file?: string;
  status: "passed" | "failed";
  durationMs: number;
  steps: StepResult[];
  error?: string;
  stderrTail?: string[];
}

/** POST /api/checks/run. */
export interface RunChecksResponse {
  results: CheckResult[];
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
export type RunChecksBody = { check: CheckFile; sessionId?: string } | { files: string[] };
