import { expect, it } from "vitest";
import type { ImportResponse } from "@/lib/api/contract";
import { callJson } from "@/server/testing/route-client";

const importRoute = await import("./route");

it("POST /api/import reads a config into servers and problems and starts nothing; behind the token", async () => {
  const text = JSON.stringify({
    mcpServers: {
      local: { command: "node", args: ["x.js"], env: { TOKEN: "${MY_TOKEN}" } },
      remote: { type: "sse", url: "http://127.0.0.1:3001/sse" },
      broken: { args: [] },
    },
  });
  const res = await callJson<ImportResponse>(importRoute.POST, { method: "POST", body: { text } });
  expect(res.status).toBe(200);
  expect(res.body.servers.map((s) => [s.name, s.launch.kind, s.usedVariables])).toEqual([
    ["local", "stdio", ["MY_TOKEN"]],
    ["remote", "http", []],
  ]);
  // References stay unexpanded: nothing from the app's environment comes back.
  expect(res.body.servers[0]!.launch).toMatchObject({ env: { TOKEN: "${MY_TOKEN}" } });
  expect(res.body.problems).toEqual([
    { path: "mcpServers.broken.command", line: 1, column: 156, message: "expected a command (or a url)" },
  ]);
  expect((await callJson(importRoute.POST, { method: "POST", body: { text }, token: null })).status).toBe(
    401,
  );
  expect((await callJson(importRoute.POST, { method: "POST", body: { txt: text } })).status).toBe(400);
});

it("POST /api/import reads a VS Code mcp.json that starts with a // comment as a config", async () => {
  const text = `// Servers for this workspace\n{\n  "servers": {\n    "files": { "command": "node", "args": ["files.js"] }\n  }\n}\n`;
  const res = await callJson<ImportResponse>(importRoute.POST, { method: "POST", body: { text } });
  expect(res.status).toBe(200);
  expect(res.body.problems).toEqual([]);
  expect(res.body.servers.map((s) => [s.name, s.launch])).toEqual([
    ["files", { kind: "stdio", program: "node", args: ["files.js"], env: {} }],
  ]);
});

it("POST /api/import checks a workspace folder where the servers would run: absolute, existing, a folder", async () => {
  const text = JSON.stringify({ servers: { f: { command: "node", args: ["${workspaceFolder}/f.js"] } } });
  const folder = async (workspaceFolder: string) =>
    (await callJson<ImportResponse>(importRoute.POST, { method: "POST", body: { text, workspaceFolder } }))
      .body.workspaceFolder;
  expect(await folder(`${process.cwd()}/lib/../`)).toEqual({ path: process.cwd() });
  expect(await folder("lib")).toEqual({ error: expect.stringMatching(/must be an absolute path/) as string });
  expect(await folder(`${process.cwd()}/nope`)).toEqual({ error: `${process.cwd()}/nope does not exist.` });
  expect(await folder(`${process.cwd()}/package.json`)).toEqual({
    error: `${process.cwd()}/package.json is not a folder.`,
  });
  const plain = await callJson<ImportResponse>(importRoute.POST, { method: "POST", body: { text } });
  expect(plain.body.workspaceFolder).toBeUndefined();
  expect(plain.body.servers[0]!.launch).toMatchObject({ args: ["${workspaceFolder}/f.js"] });
});
