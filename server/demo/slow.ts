import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { SLOW_REPORT_URI, SLOW_TOOL } from "./uris";

/**
 * Slow work that reports progress and honours cancellation (issue 16): the slow report resource
 * and the slow tool. What a cancel did is written to stderr, so a test (or a user in the stderr
 * panel) sees the server's side of it.
 */

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export const SLOW_STEPS = 5;
export const SLOW_STEP_MS = 600;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/**
 * `steps` steps of `stepMs`, with a progress notification at the start and after every step
 * when the request carried a progressToken. Rejects as soon as the request is cancelled.
 */
export async function slowWork(
  extra: Extra,
  what: string,
  steps: number,
  stepMs: number,
  log: (line: string) => void,
): Promise<void> {
  const token = extra._meta?.progressToken;
  const report = (done: number, message: string) =>
    token === undefined
      ? Promise.resolve()
      : extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress: done, total: steps, message },
        });
  let done = 0;
  try {
    await report(0, `${what}: starting`);
    for (done = 0; done < steps;) {
      await sleep(stepMs, extra.signal);
      done++;
      await report(done, `${what}: step ${done} of ${steps}`);
    }
  } catch (err) {
    if (extra.signal.aborted) {
      log(`demo slow: ${what} cancelled after step ${done} of ${steps} (request ${String(extra.requestId)})`);
    }
    throw err;
  }
}

export interface Pace {
  steps: number;
  stepMs: number;
}

/**
 * The pace of a slow report uri: `demo://slow/report` (5 × 600 ms), or with `?steps=&stepMs=` for
 * a slower one (a loaded CI machine needs time to click Cancel). Undefined for any other uri.
 */
export function slowReportPace(uri: string): Pace | undefined {
  const [base, query = ""] = uri.split("?", 2) as [string, string?];
  if (base !== SLOW_REPORT_URI) return undefined;
  const params = new URLSearchParams(query);
  const number = (name: string, fallback: number, max: number) => {
    const n = Number(params.get(name) ?? fallback);
    return Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
  };
  return {
    steps: Math.max(1, number("steps", SLOW_STEPS, 100)),
    stepMs: number("stepMs", SLOW_STEP_MS, 10_000),
  };
}

export function readSlowReport(
  uri: string,
  { steps, stepMs }: Pace,
  extra: Extra,
  log: (line: string) => void,
) {
  return slowWork(extra, "report", steps, stepMs, log).then(() => ({
    contents: [
      {
        uri,
        mimeType: "text/plain",
        text: `Slow report: ${steps} steps of ${stepMs} ms, finished at ${new Date().toISOString()}.\n`,
      },
    ],
  }));
}

export function registerSlowTool(mcp: McpServer, log: (line: string) => void): void {
  mcp.registerTool(
    SLOW_TOOL,
    {
      title: "A slow task with progress",
      description:
        "Works for steps × stepMs (default 5 × 600 ms), sending notifications/progress after each step; " +
        "stops when the client cancels (notifications/cancelled).",
      inputSchema: {
        steps: z.number().int().min(1).max(100).optional(),
        stepMs: z.number().int().min(0).max(10_000).optional(),
      },
    },
    async ({ steps = SLOW_STEPS, stepMs = SLOW_STEP_MS }, extra) => {
      await slowWork(extra, "task", steps, stepMs, log);
      return { content: [{ type: "text", text: `Done: ${steps} steps of ${stepMs} ms.` }] };
    },
  );
}
