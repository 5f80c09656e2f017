import type { ReactNode } from "react";

export interface ErrorCalloutProps {
  title: string;
  /** The message as the server or backend sent it; rendered as text. */
  message?: string;
  /** JSON-RPC error code, when an MCP server answered with an error. */
  mcpCode?: number;
  children?: ReactNode;
}

export function ErrorCallout({ title, message, mcpCode, children }: ErrorCalloutProps) {
  return (
    <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-rose-950">
      <p className="font-medium">
        {title}
        {mcpCode !== undefined && (
          <span className="ml-2 rounded bg-rose-100 px-1.5 py-px font-mono text-[11px] font-normal text-rose-800">
            MCP error {mcpCode}
          </span>
        )}
      </p>
      {message && <p className="mt-1 break-words whitespace-pre-wrap text-rose-900">{message}</p>}
      {children}
    </div>
  );
}
