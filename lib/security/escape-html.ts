/** Text or an attribute value (double- or single-quoted) in HTML: the five specials as references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
