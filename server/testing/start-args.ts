import { expect } from "vitest";
import { parseStartArgs, UsageError } from "@/server/cli/args";

/** The usage error `npm start` gives for `argv`; the test fails if it is accepted or fails otherwise. */
export function startUsageError(argv: string[]): string {
  try {
    parseStartArgs(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${argv.join(" ")}`);
}
