"use client";

import { useMemo } from "react";
import type { CommandSpec } from "@/lib/api/contract";
import { escapeHidden } from "@/lib/launch/hidden-characters";
import { describeLaunch, launchShell, launchWarnings } from "@/lib/launch/launch-warnings";
import { VisibleText } from "./visible-text";
import { ReviewCode } from "./review-code";
import { ReviewFooter } from "./review-footer";
import { ReviewFact } from "./review-fact";

/** What a stdio server gets from the inspector's environment besides what the command adds. */
const INHERITED_ENV = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"] as const;

export interface LaunchPreviewProps {
  spec: CommandSpec;
  pending: boolean;
  onRun: () => void;
  onEdit: () => void;
}

/**
 * The consent step: exactly the program, arguments and environment that will be spawned, every
 * character visible, whether a shell interprets any of it, and warnings for risky shapes.
 */
export function LaunchPreview({ spec, pending, onRun, onEdit }: LaunchPreviewProps) {
  const env = Object.entries(spec.env);
  const shell = useMemo(() => launchShell(spec), [spec]);
  const warnings = useMemo(() => launchWarnings(spec), [spec]);
  // The argument a shell interprets as code, numbered as the list below numbers them.
  const input = shell?.input;
  const scriptArg = input?.kind === "script" || input?.kind === "encoded" ? input.argIndex : undefined;
  return (
    <section
      aria-label="Review the command"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50/60 p-2.5"
    >
      <p className={`text-xs font-medium ${shell ? "text-rose-800" : "text-amber-900"}`}>
        {describeLaunch(shell)}
      </p>
      <dl className="flex flex-col gap-2 text-xs">
        <ReviewFact term="Program">
          <ReviewCode>
            <VisibleText value={spec.program} />
          </ReviewCode>
        </ReviewFact>
        <ReviewFact term="Arguments" count={spec.args.length}>
          {spec.args.length === 0 ? (
            <span className="text-zinc-500">none</span>
          ) : (
            <ol className="flex flex-col gap-1">
              {spec.args.map((arg, i) => (
                <li key={i} className="flex items-start gap-1.5">
                  <span
                    aria-hidden="true"
                    className="w-4 shrink-0 pt-0.5 text-right font-mono text-[10px] text-zinc-400"
                  >
                    {i + 1}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    {shell !== null && scriptArg === i + 1 && (
                      <span className="text-[10px] font-semibold text-rose-800">
                        Shell code: {escapeHidden(shell.shell)} interprets this argument
                      </span>
                    )}
                    <ReviewCode>
                      <VisibleText value={arg} />
                    </ReviewCode>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </ReviewFact>
        <ReviewFact term="Environment added" count={env.length}>
          {env.length === 0 ? (
            <span className="text-zinc-500">none</span>
          ) : (
            <ul className="flex flex-col gap-1">
              {env.map(([name, value]) => (
                <li key={name}>
                  <ReviewCode>
                    <span className="text-sky-800">
                      <VisibleText value={name} />
                    </span>
                    =<VisibleText value={value} />
                  </ReviewCode>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 text-[11px] leading-4 text-zinc-500">
            The server also inherits {INHERITED_ENV.join(", ")} from the inspector; nothing else.
          </p>
        </ReviewFact>
      </dl>
      <ReviewFooter
        warnings={warnings}
        pending={pending}
        runLabel="Run server"
        pendingLabel="Starting…"
        onRun={onRun}
        onEdit={onEdit}
      />
    </section>
  );
}
