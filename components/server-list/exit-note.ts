import type { SessionError } from "@/lib/api/contract";

/** "Exit code 3." / "Killed by signal SIGKILL.", unless the message already says so. */
export function exitNote(error: SessionError): string | null {
  const said = (word: string) => error.message.toLowerCase().includes(word);
  if (error.signal) return said(error.signal.toLowerCase()) ? null : `Killed by signal ${error.signal}.`;
  if (typeof error.exitCode === "number") return said("exit code") ? null : `Exit code ${error.exitCode}.`;
  return null;
}
