// Bundles what runs outside Next: the demo server, the package API for exported Playwright specs,
// the command line (dist/cli), and the check file's JSON Schema (published as docs/check.schema.json).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { entryPoints } from "./commands.mjs";

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
// What ships in the package carries its dependencies, so the installed package needs none of its
// own (the app's come traced in dist/app, stage-package.mjs): an install is ~49 MB, not ~405 MB,
// and a few files load faster than the SDK and zod resolved from node_modules file by file (the
// demo server: ~0.55 s → ~0.4 s to answer initialize). Next stays outside: the launcher loads it from
// the built app's folder (server/cli/next-app.ts).
const carried = {
  packages: "bundle",
  external: ["next"],
  // Bundled CommonJS dependencies call require() for Node built-ins; give ESM output one.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
};
// One split build of all that ships: the command line (a bundle per script of the command table,
// dist/cli), the demo server and the package API, with what they share (the SDKs, zod, ws, lib/)
// in chunks in dist/cli, so the package carries one copy: seven one-shot bundles of ~2.5 MB each
// and the two others were 20 MB, split they are ~4 MB. bin.mjs runs the command line's only while
// no source they were built from is newer (dist/cli/inputs.json), else the sources through tsx.
// Chunks sit beside the CLI's bundles: start.ts finds the package's root from its import.meta.
// dist/cli is emptied first, or the chunks of earlier builds (other hashes) would pile up and ship.
rmSync(path.join(root, "dist/cli"), { recursive: true, force: true });
const shipped = await build({
  ...common,
  ...carried,
  entryPoints: {
    "demo-server": "server/demo/main.ts",
    "check-api": "server/check/api.ts",
    ...Object.fromEntries(Object.entries(entryPoints()).map(([name, src]) => [`cli/${name}`, src])),
  },
  splitting: true,
  chunkNames: "cli/[name]-[hash]",
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  metafile: true,
});
// What the command line is built from (and the demo server and the package API: a change to one
// of theirs sends the CLI to its sources too until the next build, which is the safe side).
writeFileSync(
  path.join(root, "dist/cli/inputs.json"),
  `${JSON.stringify(Object.keys(shipped.metafile.inputs).filter((f) => !f.startsWith("node_modules/")))}\n`,
);
await build({ ...common, entryPoints: ["lib/check/schema-export.ts"], outfile: "dist/schema-export.mjs" });
const { checkJsonSchema, captureJsonSchema } = await import(path.join(root, "dist/schema-export.mjs"));
// The schemas are committed (reviewable, usable without building); unit tests keep them current.
writeFileSync(path.join(root, "docs/check.schema.json"), `${JSON.stringify(checkJsonSchema(), null, 2)}\n`);
writeFileSync(
  path.join(root, "docs/capture.schema.json"),
  `${JSON.stringify(captureJsonSchema(), null, 2)}\n`,
);
