// `npm run build`: Next's production build, then the bundles (build-bundles.mjs). Next's
// telemetry stays off for every build and run of this app (start.ts sets the same variable).
// `--if-stale` (prepack) keeps a build that is newer than every source.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { buildIsCurrent } from "./build-state.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
if (process.argv.includes("--if-stale") && buildIsCurrent(root).current) {
  console.error("The build is current; reusing it.");
  process.exit(0);
}
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
for (const args of [[nextBin, "build"], [path.join(root, "server/cli/build-bundles.mjs")]]) {
  const r = spawnSync(process.execPath, args, { stdio: "inherit", cwd: root, env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
