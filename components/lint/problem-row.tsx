import { HostFactLine } from "@/components/hosts/host-fact-line";
import { HOSTS } from "@/lib/hosts";
import type { Problem } from "@/lib/lint/problem";
import { RULES, type Rule } from "@/lib/lint/rules";
import { safeLinkHref } from "@/lib/security/safe-url";

const SEVERITY_STYLE: Record<Problem["severity"], string> = {
  error: "bg-rose-50 text-rose-800 ring-rose-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  info: "bg-sky-50 text-sky-800 ring-sky-200",
};

/** One problem: severity, code, message, evidence, why, and the spec section (text only, never markup). */
export function ProblemRow({ problem, onShowTraffic }: { problem: Problem; onShowTraffic?: () => void }) {
  const { evidence } = problem;
  const href = safeLinkHref(problem.specUrl);
  const rule: Rule = RULES[problem.code];
  const facts = rule.facts ?? [];
  return (
    <li className="border-b border-zinc-100 px-3 py-2 text-[12px]">
      <div className="flex items-center gap-2">
        <span
          className={`rounded-full px-1.5 py-px text-[10px] font-semibold uppercase ring-1 ring-inset ${SEVERITY_STYLE[problem.severity]}`}
        >
          {problem.severity}
        </span>
        <code className="font-mono text-[11px] text-zinc-700">{problem.code}</code>
        {problem.count > 1 && <span className="text-[11px] text-zinc-500">×{problem.count}</span>}
        {problem.hosts && problem.hosts.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Hosts affected">
            {problem.hosts.map((id) => (
              <li
                key={id}
                className="rounded-full bg-violet-50 px-1.5 py-px text-[10px] font-medium text-violet-800 ring-1 ring-violet-200 ring-inset"
              >
                {HOSTS[id].label}
              </li>
            ))}
          </ul>
        )}
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="ml-auto text-[11px] text-sky-700 underline hover:text-sky-900"
          >
            Spec
          </a>
        )}
      </div>
      <p className="mt-1 break-words text-zinc-900">{problem.message}</p>
      <p className="mt-0.5 text-zinc-600">{problem.why}</p>
      {facts.length > 0 && (
        <details className="mt-1 text-[11px] text-zinc-600">
          <summary className="cursor-pointer select-none">
            What the hosts do ({facts.length} {facts.length === 1 ? "fact" : "facts"})
          </summary>
          <ul className="mt-0.5 flex flex-col gap-1">
            {facts.map(({ host, fact }) => (
              <li key={`${host} ${fact.text}`} className="flex flex-col">
                <HostFactLine fact={fact} prefix={`${HOSTS[host].label} ${HOSTS[host].version}`} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {(evidence.uri || evidence.method || evidence.trafficSeq !== undefined || evidence.excerpt) && (
        <details className="mt-1 text-[11px] text-zinc-600">
          <summary className="cursor-pointer select-none">
            Evidence
            {evidence.method ? ` · ${evidence.method}` : ""}
            {evidence.trafficSeq !== undefined ? ` · traffic #${evidence.trafficSeq}` : ""}
          </summary>
          {onShowTraffic && (
            <button
              type="button"
              onClick={onShowTraffic}
              className="mt-0.5 rounded border border-zinc-300 bg-white px-1.5 text-[11px] text-zinc-700 hover:bg-zinc-100"
            >
              Show in traffic
            </button>
          )}
          {evidence.uri && <p className="mt-0.5 font-mono break-all">{evidence.uri}</p>}
          {evidence.excerpt && (
            <pre className="mt-0.5 max-h-32 overflow-auto rounded bg-zinc-50 p-1 font-mono whitespace-pre-wrap break-all">
              {evidence.excerpt}
            </pre>
          )}
        </details>
      )}
    </li>
  );
}
