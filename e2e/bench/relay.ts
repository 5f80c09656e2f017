/**
 * The floor for any inspector that sits between a page and a remote server: a bare Node HTTP
 * server that relays `GET /read?uri=…` through one SDK client and answers the JSON. No token, no
 * checks, no framework. `npm run bench -- remote` runs it beside the app, so "added by the
 * inspector" can be read against what the extra hop alone costs on this machine.
 * Usage: node --import tsx e2e/bench/relay.ts <mcp url>; prints "relay: http://127.0.0.1:<port>".
 */
import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const client = new Client({ name: "bench-relay", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[2]!)));
const server = http.createServer((req, res) => {
  const uri = new URL(req.url ?? "/", "http://relay").searchParams.get("uri") ?? "";
  client.readResource({ uri }).then(
    (result) => {
      const body = JSON.stringify(result);
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    },
    (err: unknown) => {
      res.writeHead(502);
      res.end(String(err));
    },
  );
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`relay: http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => {
  void client.close().finally(() => process.exit(0));
});
