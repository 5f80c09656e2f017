// Bundles what runs outside Next: the demo server, the package API for exported Playwright specs,
// and the check file's JSON Schema (published as docs/check.schema.json).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  absWorkingDir: root,
  alias: { "@": root, "server-only": path.join(root, "server/testing/server-only-stub.ts") },
  tsconfig: path.join(root, "tsconfig.json"),
};
// The demo server carries its dependencies: resolving the SDK and zod from node_modules file by
// file cost ~150 ms of every demo start (~0.55 s → ~0.4 s to answer initialize on this machine).
await build({
  ...common,
  packages: "bundle",
  // Bundled CommonJS dependencies call require() for Node built-ins; give ESM output one.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  entryPoints: ["server/demo/main.ts"],
  outfile: "dist/demo-server.mjs",
});
await build({ ...common, entryPoints: ["server/check/api.ts"], outfile: "dist/check-api.mjs" });
await build({ ...common, entryPoints: ["lib/check/schema-export.ts"], outfile: "dist/schema-export.mjs" });
const { checkJsonSchema } = await import(path.join(root, "dist/schema-export.mjs"));
// The schema is committed (reviewable, usable without building); a unit test keeps it current.
writeFileSync(path.join(root, "docs/check.schema.json"), `${JSON.stringify(checkJsonSchema(), null, 2)}\n`);
