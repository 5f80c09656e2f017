"use client";

import { useState } from "react";
import { QueryState } from "@/components/ui/query-state";
import { ToolCallForm } from "./tool-call-form";
import { ToolList } from "./tool-list";
import { InFlightStatus } from "@/components/progress/in-flight-status";
import { slots } from "@/lib/api/tracked-request";
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
  return (
    <QueryState query={tools} pendingLabel="Listing tools…" errorTitle="tools/list failed" inset>
      {({ tools: list }) => {
        const tool = list.find((t) => t.name === selected) ?? list[0];
        if (!tool) return <p className="p-3 text-xs text-zinc-500">The server lists no tools.</p>;
        return (
          <div className="flex h-full min-h-0">
            <ToolList
              tools={list}
              current={tool.name}
              onChoose={(name) => {
                setSelected(name);
                call.reset();
              }}
            />
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
      }}
    </QueryState>
  );
}
