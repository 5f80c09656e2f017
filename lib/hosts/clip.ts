/** What the page shows of a long text, for the host lens's panels. */
/** What a panel shows of a long text: its first `max` characters, and how many it leaves out. */
export function clipForDisplay(text: string, max: number): { shown: string; hidden: number } {
  if (text.length <= max) return { shown: text, hidden: 0 };
  // Never split a surrogate pair: the cut would show a replacement character.
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { shown: text.slice(0, end), hidden: text.length - end };
}
