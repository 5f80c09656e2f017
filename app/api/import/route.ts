import { importBodySchema, type ImportResponse } from "@/lib/api/contract";
import { parseServerConfig } from "@/lib/import/server-config";
import { apiRoute, json, parseWith, readJson } from "@/server/http/route";
import { checkWorkspaceFolder } from "@/server/saved/workspace-folder";

export const dynamic = "force-dynamic";

/**
 * Read a pasted config (or command line, or URL) into servers to review; starts nothing. A
 * workspace folder the user gave is checked here, where the servers would run.
 */
export const POST = apiRoute(async (req) => {
  const { text, workspaceFolder } = parseWith(importBodySchema, await readJson(req));
  const answer: ImportResponse = {
    ...parseServerConfig(text),
    ...(workspaceFolder !== undefined ? { workspaceFolder: checkWorkspaceFolder(workspaceFolder) } : {}),
  };
  return json(answer);
});
