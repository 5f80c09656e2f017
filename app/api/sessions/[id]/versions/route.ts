import { sessionIdSchema, versionQuerySchema, type VersionResponse } from "@/lib/api/contract";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith, searchParams } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** One kept version of a watched resource, in full. */
export const GET = apiRoute<{ id: string }>((req, { id }) => {
  const { uri, version } = parseWith(versionQuerySchema, searchParams(req));
  const watch = getRegistry().get(parseWith(sessionIdSchema, id)).watches.get(uri);
  if (!watch) throw new HttpError(404, "not_found", `${uri} is not watched.`);
  const v = watch.get(version);
  if (!v)
    throw new HttpError(
      404,
      "not_found",
      `Version ${version} of ${uri} is no longer kept (the last 10 are).`,
    );
  return json(v satisfies VersionResponse);
});
