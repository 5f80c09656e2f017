import { z } from "zod";
import { sessionIdSchema } from "@/lib/api/contract";
import { recordingOf } from "@/server/check/recorder";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ name: z.string().min(1).max(200) }).strict();

/** The recording so far as a check file draft (after every second look has finished), for review. */
export const POST = apiRoute<{ id: string }>(async (req, { id }) => {
  const { name } = parseWith(bodySchema, await readJson(req));
  const recorder = recordingOf(getRegistry().get(parseWith(sessionIdSchema, id)));
  await recorder.settled();
  return json({ check: recorder.toCheck(name), recording: recorder.info() });
});
