/**
 * A 2026-07-28 read answered `resultType: "input_required"`: the server wants input (an
 * elicitation, a sampling…) before it gives content. Said as such, never shown as content; the
 * form below it answers (input-required-form.tsx).
 */
export function InputRequiredNotice({ requests }: { requests: Record<string, unknown> }) {
  const asked = Object.entries(requests).map(([key, value]) => {
    const method = (value as { method?: unknown } | null)?.method;
    return typeof method === "string" ? `${key} (${method})` : key;
  });
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-2.5 py-2 text-xs text-amber-900"
    >
      The server answered this read with <code className="font-mono">input_required</code>: it asks for input
      before it gives content{asked.length ? ` — ${asked.join(", ")}` : ""}. Fill in the form and send it to
      read again with your answers.
    </p>
  );
}
