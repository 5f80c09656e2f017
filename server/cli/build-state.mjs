// Whether a clone's build (Next's `.next` and the bundles in dist/) is newer than every source it
// was built from: `npm start` builds only when it is not, and `prepack` reuses it when it is.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "server", "next.config.ts"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Whether a build exists, and whether it is newer than every source. */
export function buildIsCurrent(root) {
  const stamps = [".next/BUILD_ID", "dist/demo-server.mjs", "dist/cli/start.mjs"].map((f) =>
    path.join(root, f),
  );
  if (!stamps.every((f) => existsSync(f))) return { built: false, current: false };
  const built = Math.min(...stamps.map((f) => statSync(f).mtimeMs));
  return { built: true, current: built > Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))) };
}
