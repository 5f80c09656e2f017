export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-xs text-zinc-500">
      <span
        aria-hidden="true"
        className="size-3 animate-spin rounded-full border-2 border-zinc-300 border-t-zinc-600"
      />
      {label}
    </span>
  );
}
