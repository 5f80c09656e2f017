"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ErrorCallout } from "@/components/ui/error-callout";
import { JsonBlock } from "@/components/ui/json-block";
import type { CallToolResult, Tool } from "@/lib/api/api-client";
import { Button } from "@/components/ui/button";

export interface ToolCallFormProps {
  tool: Tool;
  calling: boolean;
  result: CallToolResult | undefined;
  error: string | null;
  /** The user cancelled the last call. */
  cancelled?: boolean;
  onCall: (args: Record<string, unknown>) => void;
  /** The call's progress and Cancel while it runs. */
  inFlight?: ReactNode;
}

function parseArgs(text: string): { args: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: `Not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { error: "The arguments must be a JSON object, e.g. {}." };
  }
  return { args: value as Record<string, unknown> };
}

/** Arguments as JSON, a Call button, and what the server answered. */
export function ToolCallForm({
  tool,
  calling,
  result,
  error,
  cancelled,
  onCall,
  inFlight,
}: ToolCallFormProps) {
  const [text, setText] = useState("{}");
  const [parseError, setParseError] = useState<string | null>(null);
  const argsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseArgs(text);
    if ("error" in parsed) {
      setParseError(parsed.error);
      return;
    }
    setParseError(null);
    onCall(parsed.args);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 text-xs">
      <div>
        <h3 className="font-mono text-[12px] font-semibold text-zinc-900">{tool.name}</h3>
        {tool.description && <p className="mt-0.5 whitespace-pre-line text-zinc-600">{tool.description}</p>}
      </div>
      <details>
        <summary className="cursor-pointer text-[11px] text-zinc-600">Input schema</summary>
        <JsonBlock value={tool.inputSchema} />
      </details>
      <label htmlFor={argsId} className="text-[11px] font-medium text-zinc-700">
        Arguments (JSON object)
      </label>
      <textarea
        id={argsId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        rows={4}
        className="rounded border border-zinc-300 px-2 py-1 font-mono text-[11px] focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none"
      />
      {parseError && (
        <p role="alert" className="text-[11px] text-rose-700">
          {parseError}
        </p>
      )}
      <div>
        <Button variant="primary" size="sm" dimmed={40} type="submit" disabled={calling}>
          {calling ? "Calling…" : `Call ${tool.name}`}
        </Button>
      </div>
      {calling && inFlight}
      {cancelled && (
        <p role="status" className="text-[11px] text-zinc-600">
          Call cancelled — the server was sent <code className="font-mono">notifications/cancelled</code>.
        </p>
      )}
      {error && <ErrorCallout title="The call failed" message={error} />}
      {result && (
        <div>
          <p className={`mb-1 text-[11px] ${result.isError ? "text-rose-700" : "text-zinc-500"}`}>
            {result.isError ? "The tool reported an error:" : "Result:"}
          </p>
          <JsonBlock value={result} />
        </div>
      )}
    </form>
  );
}
