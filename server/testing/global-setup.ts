import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { leftoverProcesses, TEST_MARK_VAR } from "./processes";

/**
 * Build the bundles the tests spawn or import (as `npm run build:bundles` does), and give this run
 * a mark that every spawned server carries, so teardown can prove no process outlived the tests.
 */
export function setup(): void {
  // Same bundles as `npm run build:bundles`: the demo server, the package API (exported specs) and
  // the command line (the CLI tests run the bundles, as an installed package would).
  execFileSync(process.execPath, ["server/cli/build-bundles.mjs"], { stdio: "inherit" });
  process.env[TEST_MARK_VAR] = randomUUID();
}

export async function teardown(): Promise<void> {
  const left = await leftoverProcesses(process.env[TEST_MARK_VAR]);
  if (left.length > 0) {
    for (const p of left) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
    const list = left.map((p) => `  ${p.pid} ${p.cmdline}`).join("\n");
    throw new Error(`Tests left ${left.length} MCP server process(es) running:\n${list}`);
  }
}
