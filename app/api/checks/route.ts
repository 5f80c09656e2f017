import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { checkFileSchema } from "@/lib/check/schema";
import {
  CHECK_SUFFIX,
  DEFAULT_CHECK_DIR,
  findCheckFiles,
  loadCheckFile,
  saveCheckFile,
} from "@/server/check/files";
import { HttpError } from "@/server/http/errors";
import { apiRoute, json, parseWith, readJson, searchParams } from "@/server/http/route";
import { appRoot } from "@/server/mcp/launch";

export const dynamic = "force-dynamic";

const saveSchema = z
  .object({
    check: z.unknown(),
    /** Folder to save into; relative paths are relative to the folder the app runs from. */
    folder: z.string().min(1).max(4_096).default(DEFAULT_CHECK_DIR),
    filename: z
      .string()
      .regex(/^[A-Za-z0-9._-]+$/, "letters, digits, . _ - only")
      .max(200)
      .optional(),
    overwrite: z.boolean().default(false),
  })
  .strict();

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80) || "check";

/** Save a reviewed check as `<folder>/<name>.check.json`; the server cwd becomes relative to it. */
export const POST = apiRoute(async (req) => {
  const body = parseWith(saveSchema, await readJson(req));
  const check = parseWith(checkFileSchema, body.check);
  const folder = path.resolve(appRoot(), body.folder);
  const base = (body.filename ?? slug(check.name)).replace(
    new RegExp(`${CHECK_SUFFIX.replace(".", "\\.")}$`),
    "",
  );
  const file = path.join(folder, `${base}${CHECK_SUFFIX}`);
  if ("command" in check.server && check.server.cwd && path.isAbsolute(check.server.cwd)) {
    check.server.cwd = path.relative(folder, check.server.cwd) || ".";
  }
  mkdirSync(folder, { recursive: true });
  if (!body.overwrite && findCheckFiles([folder]).includes(file)) {
    throw new HttpError(
      409,
      "conflict",
      `${path.relative(appRoot(), file)} exists; choose another name or overwrite.`,
    );
  }
  saveCheckFile(file, check);
  return json({ path: path.relative(appRoot(), file), check }, 201);
});

/** The check files in a folder (default ./mcp-checks), for the "Run checks" list. */
export const GET = apiRoute((req) => {
  const folder = path.resolve(appRoot(), searchParams(req).folder ?? DEFAULT_CHECK_DIR);
  let files: string[] = [];
  try {
    files = findCheckFiles([folder]);
  } catch {
    files = [];
  }
  return json({
    folder: path.relative(appRoot(), folder) || ".",
    checks: files.map((f) => {
      try {
        return { path: path.relative(appRoot(), f), name: loadCheckFile(f).name };
      } catch (err) {
        return { path: path.relative(appRoot(), f), error: (err as Error).message };
      }
    }),
  });
});
