// The import rules of docs/ARCHITECTURE.md, checked by dependency-cruiser on the resolved graph:
// every import form counts (static, `import()`, `require`, `export … from`, type-only, `@/` or
// relative, .ts/.tsx/.mjs, tests included). server/testing/shape/import-rules.test.ts runs it on
// the repository (inside `npm test`) and proves each rule bites on a small fixture.
// `.dependency-cruiser-known-violations.json` holds what is known and being fixed elsewhere: it
// may only shrink (the test fails on a new violation and on a listed one that is gone).

/**
 * A layering rule: no file whose path matches `from` imports one whose path matches `to`.
 * @param {string} name
 * @param {string} comment
 * @param {string} from
 * @param {string} to
 */
const layer = (name, comment, from, to) => ({
  name,
  severity: "error",
  comment,
  from: { path: from },
  to: { path: to },
});

/** @type {import("dependency-cruiser").IConfiguration} */
const config = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycle anywhere, type-only imports included: move the shared type down.",
      from: {},
      to: { circular: true },
    },
    layer(
      "lib-below-everything",
      "lib/ never imports server/ (Node-only), components/ or app/.",
      "^lib/",
      "^(server|components|app)/",
    ),
    {
      name: "lib-no-node",
      severity: "error",
      comment: "lib/ is isomorphic: no node:* (its tests may read fixtures from disk).",
      from: { path: "^lib/", pathNot: "\\.test\\.tsx?$" },
      to: { dependencyTypes: ["core"] },
    },
    layer(
      "lib-no-react",
      "lib/ holds no React state: React lives in components/.",
      "^lib/",
      "(^|/)node_modules/(react|react-dom)/",
    ),
    layer(
      "components-not-server",
      "components/ never import server/ (Node-only); only app/ imports app/.",
      "^components/",
      "^(server|app)/",
    ),
    layer("server-not-ui", "server/ is below app/ and never renders UI.", "^server/", "^(components|app)/"),
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: {
      path: "^(\\.next|dist|out|test-results|playwright-report|\\.reports|mcp-checks|e2e/\\.generated|\\.scratch)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".mjs", ".js", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

export default config;
