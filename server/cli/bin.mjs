#!/usr/bin/env node
// Entry point of the package's command: `mcp-resource-inspector [start]` serves the app,
// `mcp-resource-inspector check …` runs recorded checks. TypeScript runs through tsx; the check
// runner needs the react-server condition so the `server-only` marker resolves to its empty build.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..", "..");
const [command = "start", ...rest] = process.argv.slice(2);
const scripts = { start: "start.ts", check: "check.ts" };
if (!(command in scripts)) {
  process.stderr.write(`usage: mcp-resource-inspector [start | check [files or folders…]]\n`);
  process.exit(2);
}
const flags = command === "check" ? ["--conditions=react-server"] : [];
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
