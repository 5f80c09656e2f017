/**
 * Where the launcher finds the built app, and Next loaded for it without next.config.ts or the
 * compiler: the config the build serialized (`.next/required-server-files.json`) is handed over as
 * `conf`, as Next's own standalone server.js does (loading next.config.ts cost ~100 ms of every
 * start and needs TypeScript). Not `server-only`: the launcher runs outside Next.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type NextFn from "next";

export interface BuiltApp {
  /** The folder Next serves: the clone itself, or the package's prebuilt dist/app. */
  dir: string;
  /** Installed from the tarball: no sources, no build, and its folder is not ours to write in. */
  packaged: boolean;
}

/** The package ships `.next/standalone` as dist/app and no sources (server/cli/stage-package.mjs). */
export function builtApp(root: string): BuiltApp {
  const staged = path.join(root, "dist", "app");
  const packaged =
    !existsSync(path.join(root, "next.config.ts")) && existsSync(path.join(staged, "server.js"));
  return packaged ? { dir: staged, packaged } : { dir: root, packaged };
}

export function nextServer(
  dir: string,
  options: { hostname: string; port: number },
): ReturnType<typeof NextFn> {
  const manifest = JSON.parse(
    readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"),
  ) as { config: NonNullable<Parameters<typeof NextFn>[0]["conf"]> };
  // Next reads this before `conf` and then skips config loading altogether (its webpack hook, the
  // next.config.ts import); it is what `.next/standalone/server.js` sets.
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(manifest.config);
  // From the app's own folder: the package's dist/app/node_modules/next is the traced copy.
  const next = createRequire(path.join(dir, "package.json"))("next") as typeof NextFn;
  return next({ dev: false, dir, conf: manifest.config, quiet: true, ...options });
}
