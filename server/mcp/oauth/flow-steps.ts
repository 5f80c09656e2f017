import "server-only";
import { clip } from "@/lib/limits/bounds";
import type { AuthStep } from "@/lib/api/oauth";

const MAX_STEPS = 100;
/** A step quotes URLs and messages a server chose: each is cut to this many characters. */
export const MAX_STEP_CHARS = 2_000;

/**
 * What the sign-in did, in order, for the server panel: which metadata came from where, what
 * was registered, which scopes, when the token expires. Callers never put a token, secret or
 * code into a step (a token shows only as `Bearer …<last 4>`).
 */
export class FlowSteps {
  private readonly items: AuthStep[] = [];
  /** Steps ever logged (the page refetches when it changes). */
  count = 0;

  constructor(private readonly onChange: () => void) {}

  add(kind: AuthStep["kind"], text: string): void {
    this.items.push({ at: new Date().toISOString(), kind, text: clip(text, MAX_STEP_CHARS) });
    if (this.items.length > MAX_STEPS) this.items.shift();
    this.count++;
    this.onChange();
  }

  list(): AuthStep[] {
    return [...this.items];
  }
}
