export interface ReconnectButtonProps {
  name: string;
  pending: boolean;
  error: string | null;
  onReconnect: () => void;
}

/** Start a disconnected server again (same program, arguments and environment; or same URL and headers). */
export function ReconnectButton({ name, pending, error, onReconnect }: ReconnectButtonProps) {
  return (
    <div className="relative z-10 flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={onReconnect}
        disabled={pending}
        title={`Start ${name} again the same way (same command, or same URL and headers); watches are re-subscribed`}
        className="rounded border border-zinc-300 bg-white px-2 py-0.5 text-[11px] font-medium text-zinc-800 shadow-xs hover:bg-zinc-100 disabled:opacity-50"
      >
        {pending ? "Reconnecting…" : "Reconnect"}
      </button>
      {error && (
        <p role="alert" className="text-[11px] break-words text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
