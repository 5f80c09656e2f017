/** The Problems panel's host filter: every problem, the protocol's only, or one host's. */
import type { HostId } from "../hosts/types";
import type { Problem } from "./problem";

export type HostFilter = "all" | "protocol" | HostId;

export function matchesHostFilter(problem: Pick<Problem, "hosts">, filter: HostFilter): boolean {
  if (filter === "all") return true;
  const hosts = problem.hosts ?? [];
  if (filter === "protocol") return hosts.length === 0;
  return hosts.includes(filter);
}
