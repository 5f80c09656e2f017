"use client";

import { useId, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";

export interface CommandFormProps {
  value: string;
  onChange: (value: string) => void;
  onReview: () => void;
  /** Why the line cannot run (refused shell syntax and the like). */
  parseError: string | null;
}

const EXAMPLE = "npx -y @modelcontextprotocol/server-everything";

/** The paste box: a command line or URL goes in, "Review" shows what would run. Nothing runs from here. */
export function CommandForm({ value, onChange, onReview, parseError }: CommandFormProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim()) onReview();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter reviews (the line is one command); Shift+Enter is left to the textarea.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (value.trim()) onReview();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-xs font-medium text-zinc-700">
        Server command or URL
      </label>
      <textarea
        id={inputId}
        rows={3}
        value={value}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        placeholder={EXAMPLE}
        aria-invalid={parseError ? true : undefined}
        aria-describedby={parseError ? errorId : hintId}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={handleKeyDown}
        className={`resize-y rounded-md border bg-white px-2 py-1.5 font-mono text-xs leading-4 placeholder:text-zinc-400 focus:ring-2 focus:outline-none ${
          parseError
            ? "border-rose-400 focus:border-rose-500 focus:ring-rose-500/20"
            : "border-zinc-300 focus:border-sky-600 focus:ring-sky-600/20"
        }`}
      />
      {parseError ? (
        <p id={errorId} role="alert" className="text-xs text-rose-700">
          <span className="font-medium">Cannot use this line:</span> {parseError}
        </p>
      ) : (
        <p id={hintId} className="text-[11px] leading-4 text-zinc-500">
          Paste the command that starts your stdio server, the http(s) or ws(s) URL of a remote one, or a
          client config (mcpServers, VS Code servers). You will see exactly what runs or is contacted before
          it does.
        </p>
      )}
      <Button variant="secondary" className="self-end shadow-xs" type="submit" disabled={!value.trim()}>
        Review
      </Button>
    </form>
  );
}
