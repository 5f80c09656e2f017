import type { AuthStateResponse, AuthStep } from "@/lib/api/oauth";

const MARK: Record<AuthStep["kind"], { label: string; className: string }> = {
  ok: { label: "✓", className: "text-emerald-700" },
  info: { label: "•", className: "text-zinc-400" },
  error: { label: "✕", className: "text-rose-700" },
};

const STATUS: Record<AuthStateResponse["status"], string> = {
  none: "Not asked for sign-in",
  "needs-sign-in": "Needs sign-in",
  "signed-in": "Signed in",
};

/** Where the OAuth flow stands and every step it took, for a server author debugging their auth. */
export function OAuthSteps({ state }: { state: AuthStateResponse }) {
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[11px]">
        <dt className="text-zinc-500">Status</dt>
        <dd className="font-medium text-zinc-900">{STATUS[state.status]}</dd>
        <dt className="text-zinc-500">Client id</dt>
        <dd className="font-mono break-all">{state.clientId ?? "—"}</dd>
        <dt className="text-zinc-500">Scope</dt>
        <dd className="font-mono">{state.scope ?? "—"}</dd>
        <dt className="text-zinc-500">Token expires</dt>
        <dd>{state.expiresAt ? new Date(state.expiresAt).toLocaleString() : "—"}</dd>
        <dt className="text-zinc-500">Tokens kept</dt>
        <dd>{state.remember ? "in your config directory (0600)" : "in memory only"}</dd>
      </dl>
      <ol aria-label="Sign-in steps" className="flex flex-col gap-0.5 font-mono text-[11px]">
        {state.log.map((step, i) => (
          <li key={`${step.at}-${i}`} className="flex gap-2">
            <span aria-hidden className={MARK[step.kind].className}>
              {MARK[step.kind].label}
            </span>
            <time dateTime={step.at} className="shrink-0 text-zinc-400">
              {new Date(step.at).toLocaleTimeString()}
            </time>
            <span className={`break-all ${step.kind === "error" ? "text-rose-800" : "text-zinc-800"}`}>
              {step.text}
            </span>
          </li>
        ))}
        {state.log.length === 0 && <li className="text-zinc-500">No sign-in step yet.</li>}
      </ol>
    </div>
  );
}
