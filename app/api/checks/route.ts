import path from "node:path";
import { z } from "zod";
import { checkFileSchema } from "@/lib/check/schema";
import { slugify } from "@/lib/check/format";
import { withCheckErrors } from "@/server/check/app-run";
import {
  CheckPathError,
  ensureFolderInRoot,
  realChecksRoot,
  resolveInRoot,
} from "@/server/check/checks-root";
import {
  APP_WALK_LIMITS,
  CHECK_SUFFIX,
  loadCheckFile,
  serializeCheck,
  walkCheckFiles,
  writeFileAtomic,
} from "@/server/check/files";
import { apiRoute, json, parseWith, readJson, searchParams } from "@/server/http/route";

export const dynamic = "force-dynamic";

const saveSchema = z
  .object({
    check: z.unknown(),
    /** Folder to save into, relative to the checks root (MCP_INSPECTOR_CHECKS_DIR); default the root. */
    folder: z.string().max(4_096).default(""),
    filename: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, . _ - only, not starting with . _ or -")
      .max(200)
      .optional(),
    overwrite: z.boolean().default(false),
  })
  .strict();

const listSchema = z.object({ folder: z.string().max(4_096).default("") });

/** Save a reviewed check as `<folder>/<name>.check.json` inside the checks root; the server cwd becomes relative to it. */
export const POST = apiRoute(async (req) => {
  const body = parseWith(saveSchema, await readJson(req));
  const check = parseWith(checkFileSchema, body.check);
  const base = (body.filename ?? slugify(check.name)).replace(/\.check\.json$/, "");
  return withCheckErrors(async () => {
    const folder = await ensureFolderInRoot(body.folder, "folder");
    const name = `${base}${CHECK_SUFFIX}`;
    const rel = folder.rel ? `${folder.rel}/${name}` : name;
    // Relative to where the app will run it from (the folder's real path, as POST /api/checks/run).
    if ("command" in check.server && check.server.cwd && path.isAbsolute(check.server.cwd)) {
      check.server.cwd = path.relative(folder.real, check.server.cwd) || ".";
    }
    // Never through a symlink, never over a file without `overwrite` (409), atomically.
    await writeFileAtomic(path.join(folder.real, name), serializeCheck(check), {
      overwrite: body.overwrite,
      label: rel,
    });
    return json({ path: rel, check }, 201);
  });
});

/** The check files in a folder of the checks root (default the root), for the "Run checks" list. */
export const GET = apiRoute(async (req) => {
  const { folder } = parseWith(listSchema, searchParams(req));
  return withCheckErrors(async () => {
    const at = await resolveInRoot(folder, "folder");
    const shown = at.rel || ".";
    if (!at.last) return json({ folder: shown, checks: [] });
    if (!at.last.isDirectory) throw new CheckPathError(`folder: ${shown} is not a folder`);
    const root = await realChecksRoot();
    const { files, cut } = await walkCheckFiles(at.real, root, APP_WALK_LIMITS);
    const checks = [];
    for (const file of files) {
      const rel = path.relative(root, file).split(path.sep).join("/");
      try {
        checks.push({ path: rel, name: (await loadCheckFile(file, rel)).name });
      } catch (err) {
        checks.push({ path: rel, error: (err as Error).message });
      }
    }
    return json({ folder: shown, checks, ...(cut ? { truncated: `Listing ${shown}: ${cut}.` } : {}) });
  });
});
