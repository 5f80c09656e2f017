// `npm run build`: Next's production build, then the bundles (build-bundles.mjs). Next's
// telemetry stays off for every build and run of this app (start.ts sets the same variable).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
for (const args of [[nextBin, "build"], [path.join(root, "server/cli/build-bundles.mjs")]]) {
  const r = spawnSync(process.execPath, args, { stdio: "inherit", cwd: root, env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
