// A command from its TypeScript source: `node --import tsx run-source.mjs server/cli/<script>.ts
// args…` calls the script's `run(argv)` as bin.mjs calls a bundle's. bin.mjs starts this when the
// bundles are stale; the e2e and bench launchers start the app this way (start.ts, no build).
import { pathToFileURL } from "node:url";

const [script, ...argv] = process.argv.slice(2);
const { run } = await import(pathToFileURL(script).href);
await run(argv);
