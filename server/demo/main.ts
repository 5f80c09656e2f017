/**
 * Entry point of the built-in demo MCP server, on stdio. stdout carries the protocol, so every
 * diagnostic goes to stderr. Run with `npx tsx server/demo/main.ts` or, bundled by
 * `npm run build:bundles`, `node dist/demo-server.mjs`.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { parseDemoConfig } from "./demo-config";
import type { DemoConfig } from "./demo-config";
import { createDemoServer } from "./server";

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

let config: DemoConfig;
try {
  config = parseDemoConfig(process.env);
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const demo = createDemoServer(config, log);

let shuttingDown = false;
async function shutdown(reason: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`demo server stopping: ${reason}`);
  demo.stop();
  try {
    await demo.mcp.close();
  } catch (error) {
    log(`demo server close failed: ${String(error)}`);
  }
  process.exit(0);
}
const onSignal = (reason: string) => () => void shutdown(reason);
// StdioServerTransport does not watch for end of input; a client that closes stdin means "stop".
process.stdin.once("end", onSignal("stdin closed"));
process.once("SIGTERM", onSignal("SIGTERM"));
process.once("SIGINT", onSignal("SIGINT"));

await demo.mcp.connect(new StdioServerTransport());
log(
  `demo server ready: ${demo.store.size} resources, page size ${config.pageSize}` +
    (config.churnMs === undefined ? "" : `, list churn every ${config.churnMs} ms`) +
    (config.storm === undefined
      ? ""
      : `, storm ${config.storm.updatesPerSec}:${config.storm.listChangesPerSec}:${config.storm.durationMs} on subscribe`),
);
