import { TRANSPORT_LABEL } from "@/lib/launch/http-input";
import type { LaunchSummary } from "@/lib/launch/launch-contract";
import { VisibleText } from "./visible-text";

/** The part of a launch both a `LaunchSpec` and a `LaunchSummary` (values by name only) carry. */
export type LaunchDetailsOf =
  | Pick<Extract<LaunchSummary, { kind: "stdio" }>, "kind" | "program" | "args" | "cwd">
  | Pick<Extract<LaunchSummary, { kind: "http" }>, "kind" | "url" | "transport">;

export interface LaunchDetailsProps {
  /** The server's name, which names the list of words. */
  name: string;
  launch: LaunchDetailsOf;
  /** Name the remote transport above the URL (a card that does not say it elsewhere). */
  withTransport?: boolean;
}

const code =
  "rounded bg-white px-1 py-0.5 font-mono text-[11px] break-all text-zinc-900 ring-1 ring-zinc-200";

/**
 * Exactly what runs or is contacted, on a server's card: the URL, or the program and each
 * argument as its own word (hidden characters shown, as the review shows them), and the folder.
 */
export function LaunchDetails({ name, launch, withTransport = false }: LaunchDetailsProps) {
  const word = (value: string) => (
    <code className={code} dir="ltr">
      <VisibleText value={value} />
    </code>
  );
  if (launch.kind === "http")
    return withTransport ? (
      <p className="flex flex-col gap-0.5">
        <span className="text-[10px] text-zinc-500">{TRANSPORT_LABEL[launch.transport]}</span>
        {word(launch.url)}
      </p>
    ) : (
      word(launch.url)
    );
  return (
    <>
      <ol className="flex flex-col gap-0.5" aria-label={`${name}: command and arguments`}>
        {[launch.program, ...launch.args].map((w, i) => (
          <li key={i}>{word(w)}</li>
        ))}
      </ol>
      {launch.cwd !== undefined && (
        <p className="text-[11px] text-zinc-600">
          in <code className={code}>{launch.cwd}</code>
        </p>
      )}
    </>
  );
}
