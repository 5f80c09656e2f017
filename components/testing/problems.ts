import type { Problem } from "@/lib/lint/problem";
import { RULES } from "@/lib/lint/rules";

/**
 * A problem of rule `code` as the Problems route reports it, seen once, for these hosts when
 * given. Its message is not its code, so a query for the code finds the code's own cell.
 */
export function problemOf(code: Problem["code"], hosts?: Problem["hosts"]): Problem {
  return {
    code,
    severity: RULES[code].severity,
    message: `seen: ${code}`,
    specUrl: RULES[code].specUrl,
    at: "2026-12-01T00:00:00.000Z",
    count: 1,
    evidence: {},
    why: RULES[code].why,
    ...(hosts ? { hosts } : {}),
  };
}
