import type { ConfigProblem } from "@/lib/import/server-config";

/** Why parts of a pasted config were not read, each at its line and field. */
export function ConfigProblems({ problems }: { problems: ConfigProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900">
      <p className="font-medium">
        {problems.length === 1 ? "1 problem" : `${problems.length} problems`} in the pasted config
      </p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {problems.map((p, i) => (
          <li key={i}>
            {p.line !== undefined && (
              <span className="font-mono">
                line {p.line}
                {p.column !== undefined ? `:${p.column}` : ""}
              </span>
            )}
            {p.path && (
              <>
                {p.line !== undefined ? " · " : ""}
                <code className="font-mono">{p.path}</code>
              </>
            )}
            {(p.line !== undefined || p.path) && ": "}
            {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
