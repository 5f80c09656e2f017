import { randomUUID } from "node:crypto";
import { build, stop } from "esbuild";
import { leftoverProcesses, TEST_MARK_VAR } from "./processes";

/**
 * Build the demo server bundle the tests spawn (as `npm run build:bundles` does), and give this run
 * a mark that every spawned server carries, so teardown can prove no process outlived the tests.
 */
export async function setup(): Promise<void> {
  await build({
    entryPoints: ["server/demo/main.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: "dist/demo-server.mjs",
    logLevel: "warning",
  });
  await stop(); // esbuild's service process must not outlive setup
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
