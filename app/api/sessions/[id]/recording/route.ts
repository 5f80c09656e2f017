import { sessionIdSchema } from "@/lib/contract";
import { Recorder } from "@/server/check/recorder";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

function recorderOf(id: string): Recorder {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  if (!(session.recorder instanceof Recorder))
    throw new HttpError(404, "not_found", "This session is not recording.");
  return session.recorder;
}

/** Start recording (a running recording is replaced); the first step is the connect expectation. */
export const POST = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  if (session.status !== "connected")
    throw new HttpError(409, "conflict", "Connect the server before recording.");
  const recorder = new Recorder(session);
  session.recorder = recorder;
  return json(recorder.info(), 201);
});

export const GET = apiRoute<{ id: string }>((_req, { id }) => json(recorderOf(id).info()));

/** Stop recording and discard it. */
export const DELETE = apiRoute<{ id: string }>((_req, { id }) => {
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  session.recorder = null;
  return new Response(null, { status: 204 });
});
