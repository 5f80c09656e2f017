import type { Problem } from "./problem";

/** Problems by severity. Apart from problem.ts (zod) so the sidebar's badge ships without it. */
export function countBySeverity(problems: readonly Problem[]): Record<Problem["severity"], number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const p of problems) counts[p.severity] += 1;
  return counts;
}
