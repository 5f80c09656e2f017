/**
 * The values of VS Code's predefined variables on this machine, and the workspace folder a user
 * gives for a pasted config, checked. Shared by `--config FILE` (the folder from the file's
 * location) and the page's paste (the folder the user typed). Not `server-only`: the launcher
 * uses it too.
 */
import { statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { PredefinedValues } from "../../lib/import/server-config";

/** `${userHome}`, `${pathSeparator}` always; `${workspaceFolder}` only when there is one. */
export function predefinedValues(workspaceFolder: string | undefined): PredefinedValues {
  return {
    ...(workspaceFolder !== undefined ? { workspaceFolder } : {}),
    userHome: homedir(),
    pathSeparator: path.sep,
  };
}

export type WorkspaceFolderCheck = { path: string } | { error: string };

/**
 * A folder the user typed: an absolute path to an existing directory (normalized, no trailing
 * separator, so `${workspaceFolderBasename}` is its last name), else why not in one sentence.
 */
export function checkWorkspaceFolder(folder: string): WorkspaceFolderCheck {
  if (!path.isAbsolute(folder))
    return { error: `The workspace folder must be an absolute path (e.g. ${path.resolve("project")}).` };
  const normalized = path.resolve(folder);
  try {
    if (!statSync(normalized).isDirectory()) return { error: `${normalized} is not a folder.` };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      error: code === "ENOENT" ? `${normalized} does not exist.` : `${normalized} cannot be read (${code}).`,
    };
  }
  return { path: normalized };
}
