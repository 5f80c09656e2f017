import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/ARCHITECTURE.md is how the next engineer finds their room: every file or folder it names
 * in backticks must exist. A name with a folder is resolved from the repository root (or, for a
 * bare `name.ts` inside a folder's bullet, anywhere in the tree); `**` and `*` match as globs.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const SKIP = new Set(["node_modules", ".next", ".git", "dist", "test-results", ".reports", "mcp-checks"]);
const LOOKS_LIKE_PATH = /^[\w.[\]*@-]+(\/[\w.[\]*@-]*)*$/;
const EXTENSIONS = /\.(ts|tsx|mjs|js|json|md|css|yml)$/;

function allFiles(dir = root, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    out.push(path.relative(root, p).split(path.sep).join("/") + (e.isDirectory() ? "/" : ""));
    if (e.isDirectory()) allFiles(p, out);
  }
  return out;
}

function globToRegex(glob: string): RegExp {
  const body = glob
    .split(/(\*\*\/|\*)/)
    .map((part) =>
      part === "**/" ? "(?:.*/)?" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${body}/?$`);
}

/** Backticked names in the doc that denote a file or a folder of this repository. */
export function namedPaths(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, raw] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const name = raw!.trim();
    if (!LOOKS_LIKE_PATH.test(name) || name.startsWith("@") || name.startsWith("mcp-resource-inspector"))
      continue;
    if (
      name.includes("/")
        ? /^(app|components|lib|server|e2e|docs|\.ci)\b|^[\w-]+\/$/.test(name)
        : EXTENSIONS.test(name)
    )
      names.add(name);
  }
  return [...names];
}

describe("docs/ARCHITECTURE.md", () => {
  const doc = readFileSync(path.join(root, "docs", "ARCHITECTURE.md"), "utf8");
  const files = allFiles();

  it("names paths, and every one of them exists", () => {
    const names = namedPaths(doc);
    expect(names.length).toBeGreaterThan(40);
    const missing = names.filter((name) => {
      if (name.includes("*")) {
        const glob = globToRegex(name.includes("/") ? name : `**/${name}`);
        return !files.some((f) => glob.test(f));
      }
      if (/^(app|components|lib|server|e2e|docs|\.ci)\//.test(name))
        return !existsSync(path.join(root, name));
      // A bare name (`session.ts`) or a sub-folder (`mcp/`): somewhere in the tree.
      return !files.some((f) => f === name || f.endsWith(`/${name}`));
    });
    expect(missing).toEqual([]);
  });

  it("stays one page, in lines a reader need not scroll sideways", () => {
    const lines = doc.split("\n");
    // Issue 34: as long as it needs to be, but no longer than 200 lines.
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(lines.filter((l) => l.length > 110)).toEqual([]);
  });

  it("names every folder of app/, components/, lib/ and server/ (app/api/** as one)", () => {
    const tokens = [...doc.matchAll(/`([^`\n]+)`/g)].map(([, t]) => t!.trim().replace(/\/$/, ""));
    const folders = [
      ...new Set(
        files
          .filter((f) => /^(app|components|lib|server)\//.test(f) && !f.endsWith("/"))
          .map((f) => path.posix.dirname(f))
          .filter((d) => !d.startsWith("app/api/")),
      ),
    ];
    const named = (folder: string) =>
      tokens.some(
        (t) =>
          t === folder ||
          t.startsWith(`${folder}/`) ||
          t === path.posix.basename(folder) ||
          t.endsWith(`/${path.posix.basename(folder)}`),
      );
    expect(folders.length).toBeGreaterThan(40);
    expect(folders.filter((f) => !named(f))).toEqual([]);
  });
});
