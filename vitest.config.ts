import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      // `server-only` throws outside React Server Components; under test the guard is moot.
      "server-only": fileURLToPath(new URL("./server/testing/server-only-stub.ts", import.meta.url)),
      "@": fileURLToPath(new URL("./", import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: process.env.CI_REPORT_DIR
      ? ["default", ["json", { outputFile: `${process.env.CI_REPORT_DIR}/vitest.json` }]]
      : ["default"],
    // Two projects, chosen by file name: `*.test.ts` runs in Node (real servers, real stdio), and
    // `*.test.tsx` beside a component runs in happy-dom. The bundle build and the leftover-process
    // check belong to the node project only: a component test spawns nothing.
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["lib/**/*.test.ts", "server/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts"],
          globalSetup: ["./server/testing/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "happy-dom",
          include: ["components/**/*.test.tsx"],
          setupFiles: ["./components/testing/setup-dom.ts"],
        },
      },
    ],
  },
});
