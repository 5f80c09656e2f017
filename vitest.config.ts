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
    include: ["lib/**/*.test.ts", "server/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts"],
    globalSetup: ["./server/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: process.env.CI_REPORT_DIR
      ? ["default", ["json", { outputFile: `${process.env.CI_REPORT_DIR}/vitest.json` }]]
      : ["default"],
  },
});
