/** Any JSON value, pretty-printed as text (never as markup). */
export function JsonBlock({ value }: { value: unknown }) {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return (
    <pre className="scrollbar-thin max-h-72 overflow-auto rounded border border-zinc-200 bg-zinc-50 px-2 py-1.5 font-mono text-[11px] leading-4 text-zinc-800">
      {text}
    </pre>
  );
}
