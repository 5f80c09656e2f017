/**
 * Shows a value so that every space, tab and empty string is visible: whitespace characters get a
 * tinted cell (the text itself is unchanged, so copying still yields the exact value).
 */
export function VisibleWhitespace({ value }: { value: string }) {
  if (value === "") return <span className="text-zinc-400 italic">(empty string)</span>;
  const parts = value.split(/(\s)/);
  return (
    <>
      {parts.map((part, i) =>
        /^\s$/.test(part) ? (
          <span key={i} className="rounded-[2px] bg-sky-200/70" title="whitespace">
            {part === "\t" ? "\t" : part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
