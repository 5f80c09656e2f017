import "server-only";
import type { Capture } from "@/lib/capture/format";
import type { McpSession } from "@/server/mcp/session";
import { captureSession, eachOf, type CaptureOptions } from "./writer";

export interface AgainstOptions extends CaptureOptions {
  /** How each read runs (the CLI's sign-in retries a read whose grant was lost); default: as is. */
  run?: <T>(op: () => Promise<T>) => Promise<T>;
}

/**
 * The one rule for how a live server is read as the counterpart of `against` (the route, `diff`,
 * `expectSameAs`): the way that capture was taken. A capture taken with "capture all" makes the live
 * side read every listed resource too, under the capture's own byte budget (`budget.maxBytes`), so
 * both sides leave out the same large contents; otherwise the live side reads what the capture
 * read. What the caller asks for wins over the capture: `all` adds "capture all", `maxBytes` (the
 * CLI's --max-bytes) replaces the budget; with neither, DEFAULT_CAPTURE_MAX_BYTES (writer.ts).
 */
export function againstBudget(
  against: Pick<Capture, "budget"> | undefined,
  asked: { all?: boolean | undefined; maxBytes?: number | undefined } = {},
): Pick<CaptureOptions, "all" | "maxBytes"> {
  const all = asked.all === true || against?.budget.all === true;
  const maxBytes = asked.maxBytes ?? (against?.budget.all ? against.budget.maxBytes : undefined);
  return { ...(all ? { all } : {}), ...(maxBytes !== undefined ? { maxBytes } : {}) };
}

/**
 * A live session captured as the counterpart of `against` (another side's capture, if any): it
 * first reads every URI that side read — listed or not, so a template-expanded URI compares too —
 * then captures under againstBudget. A read the server refuses stays in the capture as its error,
 * as the other side's would; only a cancellation ends it.
 */
export async function captureAgainst(
  session: McpSession,
  against: Capture | undefined,
  options: AgainstOptions = {},
): Promise<Capture> {
  const { run = (op) => op(), all, maxBytes, ...capture } = options;
  const uris = [...new Set(against?.reads.map((r) => r.uri) ?? [])];
  await eachOf(uris, async (uri) => {
    if (capture.signal?.aborted) return;
    try {
      await run(() => session.read(uri, false, { silent: true }, capture.ctx));
    } catch {
      // In the read log as the error the server answered with; the comparison shows it.
    }
  });
  return captureSession(session, { ...capture, ...againstBudget(against, { all, maxBytes }) });
}
