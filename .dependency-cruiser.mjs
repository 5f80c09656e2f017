// The import rules of docs/ARCHITECTURE.md, checked by dependency-cruiser on the resolved graph:
// every import form counts (static, `import()`, `require`, `export … from`, type-only, `@/` or
// relative, .ts/.tsx/.mjs, tests included). server/testing/shape/import-rules.test.ts runs it on
// the repository (inside `npm test`) and proves each rule bites on a small fixture.
// `.dependency-cruiser-known-violations.json` holds what is known and being fixed elsewhere: it
// may only shrink (the test fails on a new violation and on a listed one that is gone).

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
    {
      name: "lib-below-everything",
      severity: "error",
      comment: "lib/ never imports server/ (Node-only), components/ or app/.",
      from: { path: "^lib/" },
      to: { path: "^(server|components|app)/" },
    },
    {
      name: "lib-no-node",
      severity: "error",
      comment: "lib/ is isomorphic: no node:* (its tests may read fixtures from disk).",
      from: { path: "^lib/", pathNot: "\\.test\\.tsx?$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "lib-no-react",
      severity: "error",
      comment: "lib/ holds no React state: React lives in components/.",
      from: { path: "^lib/" },
      to: { path: "(^|/)node_modules/(react|react-dom)/" },
    },
    {
      name: "components-not-server",
      severity: "error",
      comment: "components/ never import server/ (Node-only); only app/ imports app/.",
      from: { path: "^components/" },
      to: { path: "^(server|app)/" },
    },
    {
      name: "server-not-ui",
      severity: "error",
      comment: "server/ is below app/ and never renders UI.",
      from: { path: "^server/" },
      to: { path: "^(components|app)/" },
    },
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
