import {
  sessionIdSchema,
  watchFilesBodySchema,
  watchFilesPatchSchema,
  type FileWatchInfo,
} from "@/lib/api/contract";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";
import { RestartOnChange, suggestWatchPath } from "@/server/mcp/restart-on-change/restart";

export const dynamic = "force-dynamic";

/** Watch mode's status, and the path the control proposes. */
export const GET = apiRoute<{ id: string }>(async (_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  return json({
    suggestedPath: await suggestWatchPath(session),
    fileWatch: session.fileWatch?.status() ?? null,
  } satisfies FileWatchInfo);
});

/**
 * Restart on change: watch `path` (a folder or a file; relative to the server's cwd), run `build`
 * (no shell) and restart the server on every change. 409 for a remote server, 400 for a bad path.
 */
export const PUT = apiRoute<{ id: string }>(async (req, { id }) => {
  const body = parseWith(watchFilesBodySchema, await readJson(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const control = await RestartOnChange.start(session, body);
  return json(control.status());
});

/** "Compare with the last build" on or off while watch mode runs; 409 when it is off. */
export const PATCH = apiRoute<{ id: string }>(async (req, { id }) => {
  const body = parseWith(watchFilesPatchSchema, await readJson(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const control = session.fileWatch;
  if (!(control instanceof RestartOnChange))
    throw new HttpError(409, "conflict", `Restart on change is off for "${session.name}".`);
  control.setCompareLastBuild(body.compareLastBuild);
  return json(control.status());
});

/** Turn watch mode off (its watchers closed, a build in flight killed). */
export const DELETE = apiRoute<{ id: string }>(async (_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  await session.setFileWatch(null);
  return new Response(null, { status: 204 });
});
