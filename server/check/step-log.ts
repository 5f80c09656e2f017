import "server-only";
import { MAX_URI_CHARS } from "@/lib/limits/bounds";
import type { Step } from "@/lib/check/schema";
import type { VolatileField } from "@/lib/check/volatile";
import type { RecordedStep } from "@/lib/check/results";
import type { ResourceTemplate } from "@/lib/api/contract";
import { matchTemplate } from "@/lib/resources/uri-template";

/** One recorded step, as JSON, at most (a text over 256 KB is kept as its digest: observe.ts). */
export const MAX_STEP_CHARS = 8 * 1024 * 1024;
/** A whole recording, as JSON, at most; past it (or past MAX_STEPS) nothing more is recorded. */
export const MAX_RECORDING_CHARS = 64 * 1024 * 1024;
export const MAX_STEPS = 2_000;

/**
 * A recording's steps, bounded (docs/SECURITY.md, "Memory"): a step over MAX_STEP_CHARS, a
 * recording over MAX_RECORDING_CHARS or MAX_STEPS, or a URI too long to replay is refused, and
 * the refusal is kept as a note the recording shows.
 */
export class StepLog {
  readonly steps: RecordedStep[] = [];
  readonly notes: string[] = [];
  private chars = 0;
  private seq = 0;

  constructor(private readonly startedAt: number) {}

  nextId(action: string): string {
    return `${String(++this.seq).padStart(2, "0")}-${action}`;
  }

  /** Keep a step, or refuse it (null, with a note). */
  push(step: Step, volatile: VolatileField[] = []): RecordedStep | null {
    const size = JSON.stringify(step).length;
    const n = (x: number) => x.toLocaleString("en-US");
    if (size > MAX_STEP_CHARS)
      return this.refuse(
        step.action,
        `${n(size)} characters of JSON; one step holds at most ${n(MAX_STEP_CHARS)}`,
      );
    if (this.steps.length >= MAX_STEPS)
      return this.refuse(step.action, `a recording holds at most ${MAX_STEPS} steps`);
    if (this.chars + size > MAX_RECORDING_CHARS)
      return this.refuse(
        step.action,
        `a recording holds at most ${n(MAX_RECORDING_CHARS)} characters of JSON`,
      );
    this.chars += size;
    const r = { step, volatile, at: Date.now() - this.startedAt };
    this.steps.push(r);
    return r;
  }

  /** A URI too long to replay or show (see lib/limits/bounds.ts): its steps are refused. */
  tooLong(uri: string, action: string): boolean {
    if (uri.length <= MAX_URI_CHARS) return false;
    this.note(
      `Not recorded: ${action} of a URI of ${uri.length.toLocaleString("en-US")} characters (at most ${MAX_URI_CHARS.toLocaleString("en-US")}).`,
    );
    return true;
  }

  private refuse(action: string, why: string): null {
    this.note(`Not recorded: ${action} (${why}).`);
    return null;
  }

  private note(text: string): void {
    if (this.notes.length < 50) this.notes.push(text);
  }
}

/**
 * The first listed template that `uri` fits, with the values that fill it: RFC 6570 level 4
 * (lib/resources/uri-template.ts), the same expander the runner replays `readTemplate` steps with.
 * A template that does not parse fits nothing.
 */
export function templateFor(
  uri: string,
  templates: readonly ResourceTemplate[],
): { uriTemplate: string; args: Record<string, string | string[]> } | undefined {
  for (const t of templates) {
    const values = matchTemplate(t.uriTemplate, uri);
    if (!values) continue;
    const args = Object.fromEntries(
      Object.entries(values).map(([k, v]): [string, string | string[]] => [
        k,
        typeof v === "string" ? v : [...v],
      ]),
    );
    return { uriTemplate: t.uriTemplate, args };
  }
  return undefined;
}
