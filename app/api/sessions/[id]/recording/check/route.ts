import { z } from "zod";
import { sessionIdSchema } from "@/lib/contract";
import { Recorder } from "@/server/check/recorder";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ name: z.string().min(1).max(200) }).strict();

/** The recording so far as a check file draft (after every second look has finished), for review. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const { name } = parseWith(bodySchema, await readJson(req));
  const session = getRegistry().get(parseWith(sessionIdSchema, id));
  const recorder = session.recorder;
  if (!(recorder instanceof Recorder))
    throw new HttpError(404, "not_found", "This session is not recording.");
  await recorder.settled();
  return json({ check: recorder.toCheck(name), recording: recorder.info() });
});
