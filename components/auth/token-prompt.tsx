"use client";

import { useId, useState, type FormEvent } from "react";

export interface TokenPromptProps {
  /** The backend refused the token we had. */
  rejected: boolean;
  onSubmit: (token: string) => void;
}

/** Full-page, calm request for the access token the backend printed at start-up. */
export function TokenPrompt({ rejected, onSubmit }: TokenPromptProps) {
  const [value, setValue] = useState("");
  const inputId = useId();
  const hintId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const token = value.trim();
    if (token) onSubmit(token);
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-100 p-6">
      <form
        onSubmit={handleSubmit}
        className="w-full max-w-md rounded-lg border border-zinc-200 bg-white p-6 shadow-sm"
      >
        <h1 className="text-base font-semibold text-zinc-900">Access token needed</h1>
        {rejected && (
          <p
            role="alert"
            className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
          >
            That token was not accepted. The inspector prints a new one each time it starts.
          </p>
        )}
        <p id={hintId} className="mt-2 text-zinc-600">
          Open the link printed in the terminal (it carries the access token), or paste the token here.
        </p>
        <label htmlFor={inputId} className="mt-4 block text-xs font-medium text-zinc-700">
          Access token
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={inputId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="min-w-0 flex-1 rounded border border-zinc-300 px-2 py-1.5 font-mono text-xs focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!value.trim()}
            className="rounded bg-zinc-900 px-3 py-1.5 text-xs font-medium text-white hover:bg-zinc-700 disabled:opacity-40"
          >
            Continue
          </button>
        </div>
      </form>
    </main>
  );
}
