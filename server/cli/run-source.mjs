// A command from its TypeScript source, in the child bin.mjs starts under tsx when the bundles are
// stale: `node --import tsx run-source.mjs server/cli/<script>.ts args…` calls the script's
// `run(argv)` as bin.mjs calls a bundle's.
import { pathToFileURL } from "node:url";

const [script, ...argv] = process.argv.slice(2);
const { run } = await import(pathToFileURL(script).href);
await run(argv);
