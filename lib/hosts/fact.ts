/** A host fact in one line: its sentence, certainty and source (lib/hosts/types.ts `HostFact`). */
import type { Certainty, HostFact } from "./types";

export function fact(text: string, certainty: Certainty, label: string, url: string): HostFact {
  return { text, certainty, source: { label, url } };
}
