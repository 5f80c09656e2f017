/**
 * What "the app keeps answering" means in the hostile-input tests (issue 32): GET /api/sessions
 * asked every 50 ms through the real handler while something runs on the same event loop, and
 * the heap after a full GC.
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { call } from "./route-client";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** `run` while GET /api/sessions is asked every 50 ms: its answer and the slowest poll. */
export async function whilePollingSessions<T>(
  get: (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>,
  run: () => Promise<T>,
): Promise<{ result: T; slowestMs: number; ms: number }> {
  let slowestMs = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      // Timed from when the poll was due: a blocked event loop delays the timer, not the call.
      const due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
      const res = await call(get);
      await res.text();
      slowestMs = Math.max(slowestMs, performance.now() - due);
    }
  })();
  const t0 = performance.now();
  let result: T;
  try {
    result = await run();
  } finally {
    done = true;
    // A poll still waiting when `run` ends counts too.
    await poll;
  }
  return { result, slowestMs, ms: performance.now() - t0 };
}

/** How long this machine takes to JSON.parse one message of `bytes` of `{}` items, now. */
export function timeOfParse(bytes: number): number {
  const text = `{"result":{"resources":[${"{},".repeat(Math.floor(bytes / 3))}{}]}}`;
  const t0 = performance.now();
  JSON.parse(text);
  return performance.now() - t0;
}

export function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
