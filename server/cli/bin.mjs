#!/usr/bin/env node
// Entry point of the package's command: `mcp-resource-inspector [options] [-- server…]` serves the
// app; the subcommands are the table in commands.mjs. Each is a script exporting `run(argv)`, run
// from its prebuilt bundle in dist/cli, in this process, while no source it was built from is
// newer (a clone after `npm run build`, or the installed package, which has no sources), else from
// the TypeScript sources through tsx (a clone's devDependency; run-source.mjs). Outside Next,
// `server-only` must resolve to its empty build: the bundles alias it, and under tsx the
// react-server condition does.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { COMMANDS } from "./commands.mjs";
import { installCompileCache } from "./compile-cache.mjs";
import "./quiet-epipe.mjs";

// Compiled code cached in the OS temp folder (never the package's), so a second start skips most
// of compiling Next's server: Node's own cache on 22.1+, else ours (compile-cache.mjs).
installCompileCache();

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..", "..");
const argv = process.argv.slice(2);
const known = COMMANDS.find((c) => c.name === argv[0]);
// No known command word: the app (a mistyped command is refused there, by args.ts).
const command = known ?? COMMANDS.find((c) => c.name === "start");
const rest = known && !known.keepsWord ? argv.slice(1) : argv;
const name = command.script;

/** The bundle, if it exists and every source it was built from (that still exists) is older. */
function freshBundle() {
  const bundle = path.join(root, "dist", "cli", `${name}.mjs`);
  try {
    const built = statSync(bundle).mtimeMs;
    // The installed package ships no TypeScript: its bundles are all there is. (npm install stamps
    // files as it extracts them, so a shipped input such as commands.mjs can look newer.)
    if (!existsSync(path.join(here, `${name}.ts`))) return bundle;
    const inputs = JSON.parse(readFileSync(path.join(root, "dist", "cli", "inputs.json"), "utf8"));
    for (const input of inputs) {
      let mtime = 0;
      try {
        mtime = statSync(path.join(root, input)).mtimeMs;
      } catch {
        // not shipped (the installed package has no sources)
      }
      if (mtime > built) return null;
    }
    return bundle;
  } catch {
    return null;
  }
}

const bundle = freshBundle();
// Our root (for the demo preset), whatever the caller's folder.
process.env.MCP_INSPECTOR_ROOT ??= root;
if (bundle) {
  // In this process: a second node start would add ~50 ms to every command.
  const { run } = await import(pathToFileURL(bundle).href);
  await run(rest);
} else {
  const args = [
    ...(name === "start" ? [] : ["--conditions=react-server"]),
    "--import",
    import.meta.resolve("tsx"),
    "--import",
    pathToFileURL(path.join(here, "quiet-epipe.mjs")).href,
    path.join(here, "run-source.mjs"),
    path.join(here, `${name}.ts`),
    ...rest,
  ];
  // Our tsconfig (for the "@/" paths), whatever the caller's folder.
  const child = spawn(process.execPath, args, {
    stdio: "inherit",
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") },
  });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
