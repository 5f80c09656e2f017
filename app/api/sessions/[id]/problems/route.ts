import { sessionIdSchema } from "@/lib/api/contract";
import { sortProblems, type ProblemsResponse } from "@/lib/lint/problem";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { currentScan } from "@/server/lint/scan";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** The problems the session's linter has seen (most severe first), and the active scan's progress. */
export const GET = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const scan = currentScan(session)?.state;
  return json({
    problems: sortProblems(session.lint.list()),
    ...(scan ? { scan } : {}),
  } satisfies ProblemsResponse);
});
