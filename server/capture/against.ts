import "server-only";
import type { Capture } from "@/lib/capture/format";
import type { McpSession } from "@/server/mcp/session";
import { captureSession, eachOf, type CaptureOptions } from "./writer";

export interface AgainstOptions extends CaptureOptions {
  /** How each read runs (the CLI's sign-in retries a read whose grant was lost); default: as is. */
  run?: <T>(op: () => Promise<T>) => Promise<T>;
}

/**
 * A live session captured as the counterpart of another side (`diff`, `expectSameAs`): it first
 * reads every URI the other side read — listed or not, so a template-expanded URI compares too —
 * then captures (with `all`, also every listed resource). A read the server refuses stays in the
 * capture as its error, as the other side's would; only a cancellation ends it.
 */
export async function captureAgainst(
  session: McpSession,
  uris: readonly string[],
  options: AgainstOptions = {},
): Promise<Capture> {
  const { run = (op) => op(), ...capture } = options;
  await eachOf([...new Set(uris)], async (uri) => {
    if (capture.signal?.aborted) return;
    try {
      await run(() => session.read(uri, false, { silent: true }, capture.ctx));
    } catch {
      // In the read log as the error the server answered with; the comparison shows it.
    }
  });
  return captureSession(session, capture);
}
