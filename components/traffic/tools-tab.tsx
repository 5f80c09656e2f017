"use client";

import { useState } from "react";
import { ErrorCallout } from "@/components/ui/error-callout";
import { Spinner } from "@/components/ui/spinner";
import { ToolCallForm } from "./tool-call-form";
import { InFlightStatus } from "@/components/progress/in-flight-status";
import { slots } from "@/lib/tracked-request";
import { isAbortError, useCallTool, useTools } from "./use-tools";

export interface ToolsTabProps {
  sessionId: string;
  connected: boolean;
  hasTools: boolean;
}

/** Call one of the server's tools with JSON arguments (tools are how servers change resources). */
export function ToolsTab({ sessionId, connected, hasTools }: ToolsTabProps) {
  const tools = useTools(sessionId);
  const { call, cancel } = useCallTool(sessionId);
  const [selected, setSelected] = useState<string | null>(null);

  if (!connected) {
    return (
      <p className="p-3 text-xs text-zinc-500">The server is not connected; reconnect it to call tools.</p>
    );
  }
  if (!hasTools) {
    return <p className="p-3 text-xs text-zinc-500">This server did not declare the tools capability.</p>;
  }
  if (tools.isPending) {
    return (
      <div className="p-3">
        <Spinner label="Listing tools…" />
      </div>
    );
  }
  if (tools.isError) {
    return (
      <div className="p-2">
        <ErrorCallout title="tools/list failed" message={tools.error.message} />
      </div>
    );
  }
  const list = tools.data.tools;
  const tool = list.find((t) => t.name === selected) ?? list[0];
  if (!tool) return <p className="p-3 text-xs text-zinc-500">The server lists no tools.</p>;
  return (
    <div className="flex h-full min-h-0">
      <ul
        aria-label="Tools"
        className="scrollbar-thin w-56 shrink-0 overflow-y-auto border-r border-zinc-200 py-1"
      >
        {list.map((t) => (
          <li key={t.name}>
            <button
              type="button"
              aria-current={t.name === tool.name ? "true" : undefined}
              onClick={() => {
                setSelected(t.name);
                call.reset();
              }}
              title={t.description}
              className={`block w-full truncate px-3 py-0.5 text-left font-mono text-[11px] ${
                t.name === tool.name ? "bg-sky-100 text-sky-950" : "text-zinc-800 hover:bg-zinc-100"
              }`}
            >
              {t.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="scrollbar-thin min-w-0 flex-1 overflow-y-auto p-3">
        <ToolCallForm
          key={tool.name}
          tool={tool}
          calling={call.isPending}
          result={call.data}
          error={call.isError && !isAbortError(call.error) ? call.error.message : null}
          cancelled={call.isError && isAbortError(call.error)}
          onCall={(args) => call.mutate({ name: tool.name, args })}
          inFlight={
            <InFlightStatus
              sessionId={sessionId}
              slot={slots.tool(tool.name)}
              label={`Calling ${tool.name}`}
              onCancel={cancel}
            />
          }
        />
      </div>
    </div>
  );
}
