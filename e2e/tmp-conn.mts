import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
const H = { Authorization: "Bearer tok", "Content-Type": "application/json" };
const B = "http://127.0.0.1:6590";
const ARGS = ["node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"];
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
const bare: number[] = [], bareInit: number[] = [], api: number[] = [], apiPost: number[] = [];
for (let i = 0; i < 9; i++) {
  let t0 = performance.now();
  const c = new Client({ name: "b", version: "1" });
  await c.connect(new StdioClientTransport({ command: process.execPath, args: ARGS, stderr: "ignore" }));
  bareInit.push(performance.now() - t0);
  await c.listResources();
  bare.push(performance.now() - t0);
  await c.close();
  t0 = performance.now();
  const r = await fetch(`${B}/api/sessions`, { method: "POST", headers: H, body: JSON.stringify({ command: `node ${ARGS.join(" ")}` }) });
  const s = await r.json();
  apiPost.push(performance.now() - t0);
  await (await fetch(`${B}/api/sessions/${s.id}/resources`, { headers: H })).json();
  api.push(performance.now() - t0);
  await fetch(`${B}/api/sessions/${s.id}`, { method: "DELETE", headers: H });
}
console.log("bare init", med(bareInit).toFixed(0), "bare+list", med(bare).toFixed(0), "api post", med(apiPost).toFixed(0), "api+list", med(api).toFixed(0));
