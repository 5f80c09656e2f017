/**
 * What a listing's walk said was wrong (a repeating cursor, a page cap, items that were not valid
 * and were left out): server text, shown as text, each at most a few lines.
 */
export function ListWarnings({
  warnings,
  label,
}: {
  warnings: readonly string[] | undefined;
  label: string;
}) {
  if (!warnings?.length) return null;
  return (
    <ul
      aria-label={label}
      className="m-2 space-y-1 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {warnings.slice(0, 10).map((w, i) => (
        <li key={i} className="line-clamp-3 break-words">
          {w}
        </li>
      ))}
    </ul>
  );
}
