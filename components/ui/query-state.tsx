import type { ReactNode } from "react";
import { isApiError } from "@/lib/api/api-client";
import { ErrorCallout } from "./error-callout";
import { Spinner } from "./spinner";

export interface QueryStateProps<T> {
  /**
   * What a query has so far; a TanStack Query result fits as it is. Neither data nor an error
   * yet is what TanStack calls pending.
   */
  query: { data: T | undefined; error: Error | null };
  /** The spinner's label while pending. */
  pendingLabel: string;
  /** The error callout's title. */
  errorTitle: string;
  /** Show the JSON-RPC error code an MCP server answered with. */
  mcpCode?: boolean;
  /** A failed refetch keeps the last data on screen (without, the error replaces it). */
  keepData?: boolean;
  /** A pane's spacing: the spinner padded p-3, the callout p-2. */
  inset?: boolean;
  /** The content, once there is data to show. */
  children: (data: T) => ReactNode;
}

/** A query's three states in one place: pending → spinner, error → ErrorCallout, then content. */
export function QueryState<T>({
  query: { data, error },
  pendingLabel,
  errorTitle,
  mcpCode = false,
  keepData = false,
  inset = false,
  children,
}: QueryStateProps<T>) {
  if (data !== undefined && (keepData || !error)) return children(data);
  if (error) {
    const callout = (
      <ErrorCallout
        title={errorTitle}
        message={error.message}
        mcpCode={mcpCode && isApiError(error) ? error.mcpCode : undefined}
      />
    );
    return inset ? <div className="p-2">{callout}</div> : callout;
  }
  const spinner = <Spinner label={pendingLabel} />;
  return inset ? <div className="p-3">{spinner}</div> : spinner;
}
