import { ErrorCallout } from "@/components/ui/error-callout";
import { StderrTail } from "@/components/ui/stderr-tail";
import { isApiError } from "@/lib/api-client";

/** Why POST /api/sessions failed: the backend's message and, for a crashed start, stderr. */
export function CreateError({ error, title = "The server did not start" }: { error: Error; title?: string }) {
  const apiError = isApiError(error) ? error : null;
  return (
    <ErrorCallout title={title} message={error.message} mcpCode={apiError?.mcpCode}>
      {apiError?.stderrTail && <StderrTail lines={apiError.stderrTail} defaultOpen summary="stderr" />}
    </ErrorCallout>
  );
}
