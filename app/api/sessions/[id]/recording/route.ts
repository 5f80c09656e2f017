import { sessionIdSchema } from "@/lib/api/contract";
import { NotRecordingError, recordingOf, startRecording, stopRecording } from "@/server/check/recorder";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

const sessionOf = (id: string) => getRegistry().get(parseWith(sessionIdSchema, id));

/** Start recording (a running recording is replaced); the first step is the connect expectation. */
export const POST = apiRoute<{ id: string }>((_req, { id }) => {
  const session = sessionOf(id);
  if (session.status !== "connected")
    throw new HttpError(409, "conflict", "Connect the server before recording.");
  return json(startRecording(session).info(), 201);
});

/**
 * The recording, or `null` while the session is not recording: every card asks, and a 404 each
 * time was console noise in every tab (issue 33). Other routes under it still answer 404.
 */
export const GET = apiRoute<{ id: string }>((_req, { id }) => {
  try {
    return json(recordingOf(sessionOf(id)).info());
  } catch (err) {
    if (err instanceof NotRecordingError) return json(null);
    throw err;
  }
});

/** Stop recording and discard it. */
export const DELETE = apiRoute<{ id: string }>((_req, { id }) => {
  stopRecording(sessionOf(id));
  return new Response(null, { status: 204 });
});
