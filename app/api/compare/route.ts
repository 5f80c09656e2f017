import { compareBodySchema } from "@/lib/api/contract";
import { compareSessions } from "@/server/capture/compare";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/**
 * What changed between two sessions (a live server or an opened capture): the server card,
 * resources and templates by key, and the contents both sides read. `ignore`: JSON Pointers
 * (lib/capture/compare.ts lists them) left out; `all`: read every listed resource first.
 */
export const POST = apiRoute(async (req) => {
  const body = parseWith(compareBodySchema, await readJson(req));
  const registry = getRegistry();
  const before = registry.get(body.before);
  const after = registry.get(body.after);
  return json(
    await compareSessions(before, after, {
      ...(body.ignore ? { ignore: body.ignore } : {}),
      ...(body.all ? { all: true } : {}),
      signal: req.signal,
    }),
  );
});
