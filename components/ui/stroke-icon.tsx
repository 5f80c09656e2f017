/** A 16×16 line icon drawn in the text colour, hidden from assistive tech (the button is named). */
export function StrokeIcon({ d, className = "size-3.5" }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
