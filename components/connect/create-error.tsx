import { ErrorCallout } from "@/components/ui/error-callout";
import { StderrTail } from "@/components/ui/stderr-tail";
import { isApiError } from "@/lib/api/api-client";

export interface CreateErrorProps {
  error: Error;
  /** A server behind a URL: no process of ours, so no stderr to show (not even "nothing"). */
  remote?: boolean;
}

/** Why POST /api/sessions failed: the backend's message and, for a crashed start, stderr. */
export function CreateError({ error, remote = false }: CreateErrorProps) {
  const apiError = isApiError(error) ? error : null;
  return (
    <ErrorCallout
      title={remote ? "Could not connect" : "The server did not start"}
      message={error.message}
      mcpCode={apiError?.mcpCode}
    >
      {!remote && apiError?.stderrTail && (
        <StderrTail lines={apiError.stderrTail} defaultOpen summary="stderr" />
      )}
    </ErrorCallout>
  );
}
