/** A read the user cancelled: said plainly, not as an error of the server. */
export function CancelledNotice({ stale }: { stale: boolean }) {
  return (
    <p
      role="status"
      className="rounded-md border border-zinc-200 bg-zinc-50 px-2.5 py-1.5 text-xs text-zinc-700"
    >
      Read cancelled — the server was sent <code className="font-mono">notifications/cancelled</code>.
      {stale ? " Showing the last content read; " : " "}
      Re-read to try again.
    </p>
  );
}
