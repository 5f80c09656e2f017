// `prepack`, after the build: the app as it ships in dist/app — Next's standalone output (the
// traced server and only the node_modules it loads, ~25 MB instead of ~405 MB) with the static
// assets beside it, as Next's docs ask (https://nextjs.org/docs/app/api-reference/config/next-config-js/output).
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = path.join(root, "dist", "app");
const standalone = path.join(root, ".next", "standalone");
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error(
    `no ${standalone}/server.js: run \`npm run build\` first (next.config.ts has output: "standalone")`,
  );
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
// The launcher loads only Next's output and the traced node_modules from here; a source file the
// tracer still picked up (a run-time path it could not rule out) is dropped, and named.
const expected = new Set([".next", "node_modules", "package.json", "server.js"]);
const extra = readdirSync(standalone).filter((name) => !expected.has(name));
if (extra.length > 0) console.error(`not shipping traced project files: ${extra.join(", ")}`);
// Dereferenced: Turbopack links hashed external names (.next/node_modules/@modelcontextprotocol/
// sdk-<hash>) to node_modules, and a tarball keeps no links.
cpSync(standalone, out, {
  recursive: true,
  dereference: true,
  filter: (src) => !extra.includes(path.relative(standalone, src).split(path.sep)[0] ?? ""),
});
cpSync(path.join(root, ".next", "static"), path.join(out, ".next", "static"), { recursive: true });
if (existsSync(path.join(root, "public")))
  cpSync(path.join(root, "public"), path.join(out, "public"), { recursive: true });

// npm pack honours .gitignore/.npmignore files in any folder, and some published packages carry
// one that names their own built files: without this, files the server loads go missing.
(function dropIgnoreFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) dropIgnoreFiles(p);
    else if (entry.name === ".gitignore" || entry.name === ".npmignore") rmSync(p);
  }
})(out);
console.error(`staged the app in ${path.relative(root, out)}`);
