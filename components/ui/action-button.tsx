const TONE = {
  /** The next step a notice asks for (Sign in). */
  accent: "border-sky-700 bg-sky-700 text-white hover:bg-sky-800",
  plain: "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100",
} as const;

export interface ActionButtonProps {
  label: string;
  /** Shown instead of `label` while the action runs. */
  pendingLabel: string;
  title: string;
  pending: boolean;
  /** Why the last try failed, shown beside the button; null when it did not. */
  error: string | null;
  onAction: () => void;
  tone: keyof typeof TONE;
  /** Lifted above a row's stretched link (a server list item), so the click reaches it. */
  raised?: boolean;
}

/** One action on a server (sign in, reconnect): disabled while it runs, its failure beside it. */
export function ActionButton({
  label,
  pendingLabel,
  title,
  pending,
  error,
  onAction,
  tone,
  raised = false,
}: ActionButtonProps) {
  return (
    <div className={`${raised ? "relative z-10 " : ""}flex flex-wrap items-center gap-2`}>
      <button
        type="button"
        onClick={onAction}
        disabled={pending}
        title={title}
        className={`rounded border px-2 py-0.5 text-[11px] font-medium shadow-xs disabled:opacity-50 ${TONE[tone]}`}
      >
        {pending ? pendingLabel : label}
      </button>
      {error && (
        <p role="alert" className="text-[11px] break-words text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
