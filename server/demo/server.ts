import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { generatedItems, staticResources } from "./catalog";
import { startListChurn } from "./churn";
import type { DemoConfig } from "./demo-config";
import { LiveResources } from "./live";
import { installResourceHandlers } from "./resource-handlers";
import { sampleResources } from "./samples";
import { ResourceStore } from "./resource-store";
import { Storm } from "./storm";
import { registerTemplates } from "./templates";
import { registerResourceTools } from "./tools";
import { registerSlowTool } from "./slow";
import { STORM_URI } from "./uris";

export interface DemoServer {
  mcp: McpServer;
  store: ResourceStore;
  /** Stops timers; the caller closes the transport (mcp.close()). */
  stop(): void;
}

/** Builds the demo server without connecting it: main.ts picks the transport. */
export function createDemoServer(config: DemoConfig, log: (line: string) => void): DemoServer {
  const mcp = new McpServer(
    { name: "mcp-resource-inspector-demo", title: "Resource Inspector demo server", version: "0.1.0" },
    {
      capabilities: { resources: { subscribe: true, listChanged: true } },
      instructions:
        "A demo server for trying MCP Resource Inspector. Start with demo://docs/guides/getting-started.md.",
    },
  );
  mcp.server.onerror = (error) => log(`demo server protocol error: ${error.message}`);

  // Notifications before connect (churn racing the handshake) are dropped, not thrown.
  const report = (error: unknown) => log(`demo server notification failed: ${String(error)}`);
  const listChanged = () => {
    if (mcp.isConnected()) mcp.server.sendResourceListChanged().catch(report);
  };
  const sendUpdated = (uri: string) => {
    if (mcp.isConnected()) mcp.server.sendResourceUpdated({ uri }).catch(report);
  };

  const store = new ResourceStore();
  // The storm and the subscriptions refer to each other, only ever from callbacks.
  const storm = config.storm
    ? new Storm(config.storm, { store, changed: (uri) => live.changed(uri), listChanged, log })
    : undefined;
  const live = new LiveResources({
    sendUpdated,
    isListed: (uri) => store.has(uri),
    onSubscribe: (uri) => {
      if (uri === STORM_URI) storm?.start();
    },
  });
  for (const entry of staticResources(config.variant)) store.put(entry);
  for (const entry of sampleResources()) store.put(entry);
  store.put(live.clockResource());
  if (storm) store.put(storm.resource());
  for (const entry of generatedItems(config.itemCount)) store.put(entry);

  const templates = registerTemplates(mcp);
  installResourceHandlers(mcp.server, { store, templates, live, pageSize: config.pageSize, log });
  registerResourceTools(mcp, { store, live, listChanged });
  registerSlowTool(mcp, log);
  const stopChurn =
    config.churnMs === undefined ? undefined : startListChurn(store, config.churnMs, listChanged);

  return {
    mcp,
    store,
    stop() {
      stopChurn?.();
      storm?.stop();
      live.close();
    },
  };
}
