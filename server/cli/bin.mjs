#!/usr/bin/env node
// Entry point of the package's command: `mcp-resource-inspector [start]` serves the app,
// `mcp-resource-inspector check …` runs recorded checks. TypeScript runs through tsx; the check
// runner needs the react-server condition so the `server-only` marker resolves to its empty build.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..", "..");
// `check …` runs checks; anything else is the app's own command line (`start` is optional).
const argv = process.argv.slice(2);
// `resources …` / `subscribe …` are the one-shot CLI (they read their own first word).
const scripts = {
  start: "start.ts",
  check: "check.ts",
  resources: "resources.ts",
  subscribe: "resources.ts",
};
const command = argv[0] !== undefined && Object.hasOwn(scripts, argv[0]) ? argv[0] : "start";
// check and start drop their word; resources/subscribe keep it.
const rest = command === "check" || argv[0] === "start" ? argv.slice(1) : argv;
const flags = command === "start" ? [] : ["--conditions=react-server"];
const child = spawn(
  process.execPath,
  [...flags, "--import", import.meta.resolve("tsx"), path.join(here, scripts[command]), ...rest],
  {
    stdio: "inherit",
    // Our tsconfig (for the "@/" paths) and root (for the demo preset), whatever the caller's folder.
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"),
      MCP_INSPECTOR_ROOT: process.env.MCP_INSPECTOR_ROOT ?? root,
    },
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
