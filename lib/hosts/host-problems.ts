/**
 * Problems narrowed to hosts: `lint --hosts` and the `expectHostCompatible` check step ask the
 * same question of a problem list. Protocol problems (no `hosts`) are not a host's business.
 */
import type { Problem } from "../lint/problem";
import type { HostId } from "./types";

/** The hosts of `hosts` this problem affects (none for a protocol problem). */
export function affectedHosts(problem: Pick<Problem, "hosts">, hosts: readonly HostId[]): HostId[] {
  return (problem.hosts ?? []).filter((h) => hosts.includes(h));
}

/**
 * Keep every protocol problem, and the host problems affecting at least one of `hosts`
 * (`null`: every host; `[]`: no host problem at all).
 */
export function filterByHosts<P extends Pick<Problem, "hosts">>(
  problems: readonly P[],
  hosts: readonly HostId[] | null,
): P[] {
  if (hosts === null) return [...problems];
  return problems.filter((p) => p.hosts === undefined || affectedHosts(p, hosts).length > 0);
}
