import { describe, expect, it } from "vitest";
import {
  expandLaunch,
  expandVariables,
  inWorkspaceFolder,
  MissingVariableError,
  needsWorkspaceFolder,
  parseServerConfig,
  workspaceFolderMissing,
} from "./server-config";

const env = (vars: Record<string, string>) => (name: string) =>
  Object.hasOwn(vars, name) ? vars[name] : undefined;

describe("parseServerConfig", () => {
  it("reads the inspector's own era field (issue 35); auto is the default, anything else a problem", () => {
    const { servers, problems } = parseServerConfig(
      JSON.stringify({
        mcpServers: {
          remote: { url: "http://127.0.0.1:3001/mcp", era: "modern" },
          local: { command: "node", args: ["x.js"], era: "legacy" },
          plain: { command: "node", era: "auto" },
          odd: { command: "node", era: "2026" },
        },
      }),
    );
    expect(servers.map((s) => [s.name, s.launch.era])).toEqual([
      ["remote", "modern"],
      ["local", "legacy"],
      ["plain", undefined],
      ["odd", undefined],
    ]);
    expect(problems).toEqual([
      expect.objectContaining({ path: "mcpServers.odd.era", message: "expected auto, legacy or modern" }),
    ]);
  });

  it("reads Claude Desktop / Cursor / .mcp.json mcpServers: commands and URLs", () => {
    const { servers, problems } = parseServerConfig(`{
      "mcpServers": {
        "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": { "GITHUB_TOKEN": "\${GITHUB_TOKEN}" } },
        "remote": { "type": "http", "url": "https://example.test/mcp", "headers": { "Authorization": "Bearer \${env:API_TOKEN}" } },
        "legacy": { "type": "sse", "url": "http://127.0.0.1:3001/sse" },
        "plain": { "url": "http://127.0.0.1:3001/mcp" }
      }
    }`);
    expect(problems).toEqual([]);
    expect(servers.map((s) => s.name)).toEqual(["github", "remote", "legacy", "plain"]);
    expect(servers[0]).toEqual({
      name: "github",
      launch: {
        kind: "stdio",
        program: "npx",
        args: ["-y", "@modelcontextprotocol/server-github"],
        env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" },
      },
      usedVariables: ["GITHUB_TOKEN"],
      inputs: [],
    });
    expect(servers[1]!.launch).toEqual({
      kind: "http",
      url: "https://example.test/mcp",
      transport: "streamable-http",
      headers: { Authorization: "Bearer ${env:API_TOKEN}" },
    });
    expect(servers[1]!.usedVariables).toEqual(["API_TOKEN"]);
    expect(servers[2]!.launch).toMatchObject({ transport: "sse" });
    expect(servers[3]!.launch).toMatchObject({ transport: "auto" });
  });

  it("reads Gemini CLI settings: url is SSE-or-auto, httpUrl is Streamable HTTP, cwd kept", () => {
    const { servers } = parseServerConfig(
      JSON.stringify({
        mcpServers: {
          a: { httpUrl: "http://127.0.0.1:9/mcp", headers: { "X-Key": "k" }, timeout: 5000 },
          b: { command: "python", args: ["-m", "srv"], cwd: "./srv", env: { N: 3 } },
        },
      }),
    );
    expect(servers[0]!.launch).toEqual({
      kind: "http",
      url: "http://127.0.0.1:9/mcp",
      transport: "streamable-http",
      headers: { "X-Key": "k" },
    });
    expect(servers[1]!.launch).toEqual({
      kind: "stdio",
      program: "python",
      args: ["-m", "srv"],
      env: { N: "3" },
      cwd: "./srv",
    });
  });

  it("reads VS Code's mcp.json (servers + inputs, JSONC) and its settings.json nesting", () => {
    const text = `{
      // VS Code allows comments
      "inputs": [{ "type": "promptString", "id": "api-key", "description": "API key", "password": true }],
      "servers": {
        "weather": { "type": "stdio", "command": "node", "args": ["w.js"], "env": { "KEY": "\${input:api-key}" }, },
      },
    }`;
    const { servers, problems } = parseServerConfig(text);
    expect(problems).toEqual([]);
    expect(servers[0]!.inputs).toEqual([{ id: "api-key", description: "API key", password: true }]);
    expect(servers[0]!.usedVariables).toEqual([]);
    const nested = parseServerConfig(
      `{ "mcp": { "servers": { "x": { "type": "http", "url": "http://h/mcp" } } } }`,
    );
    expect(nested.servers[0]!.launch).toMatchObject({ kind: "http", transport: "streamable-http" });
  });

  it("reads a config that starts with comments or a byte order mark as a config, not a command", () => {
    const servers = `{ "servers": { "weather": { "command": "node", "args": ["w.js"] } } }`;
    for (const text of [
      `// .vscode/mcp.json\n${servers}`,
      `/* (from the docs) */\n// two comments\n${servers}`,
      `\uFEFF// saved by Notepad\r\n${servers}`,
    ]) {
      const parsed = parseServerConfig(text);
      expect(parsed.problems, JSON.stringify(text)).toEqual([]);
      expect(parsed.servers.map((s) => [s.name, s.launch])).toEqual([
        ["weather", { kind: "stdio", program: "node", args: ["w.js"], env: {} }],
      ]);
    }
    // Its errors are placed in the file as it is, comments counted.
    expect(parseServerConfig(`// one\n// two\n{ "servers": { "x": } }`).problems).toEqual([
      { path: "", line: 3, column: 21, message: expect.stringContaining("not valid JSON") as unknown },
    ]);
  });

  it("a bare command line or URL is one server", () => {
    expect(parseServerConfig("API_KEY=abc node build/index.js --verbose").servers[0]!.launch).toEqual({
      kind: "stdio",
      program: "node",
      args: ["build/index.js", "--verbose"],
      env: { API_KEY: "abc" },
    });
    expect(parseServerConfig("  http://127.0.0.1:3001/mcp ").servers[0]).toMatchObject({
      name: "127.0.0.1:3001",
      launch: { kind: "http", url: "http://127.0.0.1:3001/mcp", transport: "auto" },
    });
  });

  it("points malformed configs at the line and field, and keeps the good servers", () => {
    const text = [
      '{ "mcpServers": {',
      '  "ok": { "command": "node" },',
      '  "bad": { "args": "x" },',
      '  "worse": { "url": "ftp://x" }',
      "} }",
    ].join("\n");
    const { servers, problems } = parseServerConfig(text);
    expect(servers.map((s) => s.name)).toEqual(["ok"]);
    expect(problems).toEqual([
      { path: "mcpServers.bad.command", line: 3, column: 10, message: "expected a command (or a url)" },
      {
        path: "mcpServers.worse.url",
        line: 4,
        column: 21,
        message: "expected an http(s):// or ws(s):// URL",
      },
    ]);
    const broken = parseServerConfig('{\n  "mcpServers": {\n    "a": { "command": "node" ]\n}');
    expect(broken.problems).toEqual([
      { path: "", line: 3, column: 30, message: 'not valid JSON: "," or "}" was expected' },
    ]);
    expect(parseServerConfig('{"other": 1}').problems[0]!.message).toMatch(/no servers found/);
    expect(
      parseServerConfig('{"mcpServers": {"a": {"type": "wss", "url": "http://h"}}}').problems[0],
    ).toMatchObject({
      path: "mcpServers.a.type",
      message: 'unknown type "wss" (expected http, sse, ws or stdio)',
    });
    // Claude Code's WebSocket entry: its type and its URL's scheme must agree.
    expect(
      parseServerConfig('{"mcpServers": {"a": {"type": "ws", "url": "http://h"}}}').problems[0],
    ).toMatchObject({ path: "mcpServers.a.type", message: /needs a ws:\/\/ or wss:\/\/ URL/ });
    expect(
      parseServerConfig('{"mcpServers": {"a": {"type": "http", "url": "ws://h/mcp"}}}').problems[0],
    ).toMatchObject({ path: "mcpServers.a.type", message: /choose the WebSocket transport/ });
    expect(parseServerConfig("").problems).toHaveLength(1);
    expect(parseServerConfig(`{"a":${"[".repeat(100_000)}`).problems[0]).toMatchObject({
      message: "not valid JSON: nested more than 64 levels deep",
    });
  });
});

describe("expandVariables", () => {
  it("expands ${VAR}, ${VAR:-default}, ${env:VAR} and ${input:id}", () => {
    const e = env({ A: "1", EMPTY: "" });
    expect(expandVariables("x${A}y", e)).toBe("x1y");
    expect(expandVariables("${env:A}", e)).toBe("1");
    expect(expandVariables("${B:-two}", e)).toBe("two");
    expect(expandVariables("${EMPTY:-fallback}", e)).toBe("fallback");
    expect(expandVariables("${EMPTY}", e)).toBe("");
    expect(expandVariables("${input:k}", e, { k: "typed" })).toBe("typed");
    expect(expandVariables("no refs", e)).toBe("no refs");
  });

  it("a missing variable names itself, never another value", () => {
    const e = env({ SECRET: "hunter2" });
    expect(() => expandVariables("${SECRET}-${MISSING}", e)).toThrow(MissingVariableError);
    try {
      expandVariables("${SECRET}-${MISSING}", e);
    } catch (err) {
      expect(String(err)).toContain("MISSING");
      expect(String(err)).not.toContain("hunter2");
    }
    expect(() => expandVariables("${input:k}", e)).toThrow('input "k" was not filled in');
    expect(() => expandVariables("x-${env:GONE}", e)).toThrow(
      "environment variable GONE is not set (referenced as ${env:GONE})",
    );
  });

  it("expands VS Code's predefined variables as VS Code does, and names one it has no value for", () => {
    const e = env({ HOME_ENV: "x" });
    const at = { workspaceFolder: "/work/project", userHome: "/home/u", pathSeparator: "/" };
    expect(expandVariables("${workspaceFolder}${/}src${pathSeparator}a", e, {}, at)).toBe(
      "/work/project/src/a",
    );
    expect(expandVariables("${workspaceFolderBasename}", e, {}, at)).toBe("project");
    expect(expandVariables("${userHome}/.cache/${env:HOME_ENV}", e, {}, at)).toBe("/home/u/.cache/x");
    expect(expandVariables("${workspaceFolderBasename}", e, {}, { workspaceFolder: "C:\\w\\proj\\" })).toBe(
      "proj",
    );
    // Claude Code's default still applies where no folder is known; without one it is named.
    expect(expandVariables("${workspaceFolder:-.}", e)).toBe(".");
    expect(() => expandVariables("${workspaceFolder}/x", e)).toThrow(
      /\$\{workspaceFolder\} has no value here/,
    );
    // `${env:workspaceFolder}` is the environment's, as in VS Code.
    expect(() => expandVariables("${env:workspaceFolder}", e, {}, at)).toThrow(/workspaceFolder is not set/);
  });

  it("does not list predefined variables among the environment variables a server uses", () => {
    const [s] = parseServerConfig(
      JSON.stringify({
        servers: {
          fs: {
            command: "node",
            args: ["${workspaceFolder}/s.js", "${userHome}", "${/}"],
            env: { K: "${env:KEY}" },
          },
        },
      }),
    ).servers;
    expect(s?.usedVariables).toEqual(["KEY"]);
  });

  it("expands every string of a launch", () => {
    const e = env({ T: "tok", P: "9" });
    expect(
      expandLaunch(
        {
          kind: "http",
          url: "http://h:${P}/mcp",
          transport: "auto",
          headers: { Authorization: "Bearer ${T}" },
        },
        e,
      ),
    ).toEqual({
      kind: "http",
      url: "http://h:9/mcp",
      transport: "auto",
      headers: { Authorization: "Bearer tok" },
    });
    expect(
      expandLaunch({ kind: "stdio", program: "${P}", args: ["${T}"], env: { X: "${T}" }, cwd: "/${P}" }, e),
    ).toEqual({
      kind: "stdio",
      program: "9",
      args: ["tok"],
      env: { X: "tok" },
      cwd: "/9",
    });
  });
});

describe("WebSocket servers", () => {
  it('reads Claude Code\'s "type": "ws" (and "websocket") entries and a pasted ws:// or wss:// URL', () => {
    const { servers, problems } = parseServerConfig(`{
      "mcpServers": {
        "socket": { "type": "ws", "url": "ws://127.0.0.1:3005/mcp", "headers": { "X-Api-Key": "\${KEY}" } },
        "long": { "type": "websocket", "url": "wss://example.test/mcp" },
        "bare": { "url": "ws://127.0.0.1:3005/mcp" }
      }
    }`);
    expect(problems).toEqual([]);
    expect(servers.map((s) => s.launch)).toEqual([
      {
        kind: "http",
        url: "ws://127.0.0.1:3005/mcp",
        transport: "websocket",
        headers: { "X-Api-Key": "${KEY}" },
      },
      { kind: "http", url: "wss://example.test/mcp", transport: "websocket", headers: {} },
      { kind: "http", url: "ws://127.0.0.1:3005/mcp", transport: "auto", headers: {} },
    ]);
    for (const line of ["ws://127.0.0.1:3005/mcp", "WSS://example.test/mcp"])
      expect(parseServerConfig(line).servers[0]!.launch).toMatchObject({ kind: "http", url: line });
  });
});

describe("the workspace folder of a paste", () => {
  const launch = parseServerConfig(
    JSON.stringify({
      servers: {
        a: {
          command: "node",
          args: ["${workspaceFolder}/a.js", "${workspaceFolderBasename}", "${HOME_DIR}"],
        },
        b: { command: "node", args: ["${workspaceFolder:-.}/b.js"], cwd: "sub" },
        c: { type: "http", url: "https://x.example/${workspaceFolderBasename}" },
      },
    }),
  ).servers.map((s) => s.launch);
  it("is needed by a server that refers to it without a default", () => {
    expect(launch.map(needsWorkspaceFolder)).toEqual([true, false, true]);
    expect(workspaceFolderMissing("a")).toBe(
      '"a" uses ${workspaceFolder}, the folder VS Code has open, and a pasted config has none: give the workspace folder to connect it.',
    );
  });
  it("expands only the folder's references and is the cwd of a server that gives none", () => {
    expect(launch.map((l) => inWorkspaceFolder(l, "/w/proj"))).toEqual([
      {
        kind: "stdio",
        program: "node",
        args: ["/w/proj/a.js", "proj", "${HOME_DIR}"],
        env: {},
        cwd: "/w/proj",
      },
      { kind: "stdio", program: "node", args: ["/w/proj/b.js"], env: {}, cwd: "sub" },
      { kind: "http", url: "https://x.example/proj", transport: "streamable-http", headers: {} },
    ]);
  });
});
