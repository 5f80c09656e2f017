import { sessionIdSchema, type LastBuildDiffResponse } from "@/lib/api/contract";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";
import { RestartOnChange } from "@/server/mcp/restart-on-change/restart";

export const dynamic = "force-dynamic";

/** "Compare with the last build": the last rebuild's diff (null before one, or while it is off). */
export const GET = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const control = session.fileWatch;
  return json({
    comparison: control instanceof RestartOnChange ? control.lastBuildDiff() : null,
  } satisfies LastBuildDiffResponse);
});
