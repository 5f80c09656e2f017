import { z } from "zod";
import { sessionIdSchema } from "@/lib/api/contract";
import { sortProblems, type ProblemsResponse } from "@/lib/lint/problem";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { currentScan, startScan } from "@/server/lint/scan";
import { getRegistry } from "@/server/mcp/registry";
import { CaptureReadOnlyError } from "@/server/mcp/session-errors";

export const dynamic = "force-dynamic";

const querySchema = z.object({ wait: z.enum(["0", "1"]).default("1") });

/**
 * "Check this server": walk every page, read every listed resource once (bounded), probe. Answers
 * when it is done (`?wait=0`: at once, 202, the progress then in GET …/problems). A scan already
 * running is joined, not started twice.
 */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const { wait } = parseWith(querySchema, searchParams(req));
  // Its problems are the captured ones; a scan of the replay would find only the replay.
  if (!session.abilities.scan)
    throw new CaptureReadOnlyError("checked again (its problems are the captured ones)");
  const scan = startScan(session);
  if (wait === "0") return json({ problems: sortProblems(session.lint.list()), scan: scan.state }, 202);
  const state = await scan.run();
  return json({ problems: sortProblems(session.lint.list()), scan: state } satisfies ProblemsResponse);
});

/** Stop: the read in flight finishes, nothing after it is sent. */
export const DELETE = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const scan = currentScan(session);
  scan?.stop();
  return json({
    problems: sortProblems(session.lint.list()),
    ...(scan ? { scan: scan.state } : {}),
  } satisfies ProblemsResponse);
});
