import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startUsageError as fails } from "@/server/testing/start-args";
import { parseStartArgs } from "./args";
import { startupServers } from "./startup-servers";

describe("parseStartArgs", () => {
  it("takes a server command after -- with -e and --cwd", () => {
    const o = parseStartArgs([
      "-e",
      "API_KEY=a=b",
      "--cwd",
      "srv",
      "--",
      "node",
      "build/index.js",
      "--verbose",
      "-e",
      "x",
    ]);
    expect(o.target).toEqual({
      kind: "command",
      program: "node",
      args: ["build/index.js", "--verbose", "-e", "x"],
    });
    expect(o.env).toEqual({ API_KEY: "a=b" });
    expect(o.cwd).toBe("srv");
  });

  it("takes a URL with headers and a transport", () => {
    const o = parseStartArgs([
      "http://127.0.0.1:3001/mcp",
      "-H",
      "Authorization: Bearer t:k",
      "--transport",
      "sse",
    ]);
    expect(o.target).toEqual({ kind: "url", url: "http://127.0.0.1:3001/mcp" });
    expect(o.headers).toEqual({ Authorization: "Bearer t:k" });
    expect(o.transport).toBe("sse");
  });

  it("takes a config with servers, port, host and open", () => {
    const o = parseStartArgs(["--config", ".mcp.json", "-s", "a", "--server", "b", "-p", "0", "--no-open"]);
    expect(o).toMatchObject({ config: ".mcp.json", servers: ["a", "b"], port: 0, open: false });
    expect(parseStartArgs([]).open).toBeUndefined();
    expect(parseStartArgs(["--version"]).version).toBe(true);
    expect(parseStartArgs(["-h"]).help).toBe(true);
  });

  it("--open FILE opens a capture; --open alone still opens the browser", () => {
    expect(parseStartArgs(["--open", "a.mcpcapture.json.gz", "--open=b.json"])).toMatchObject({
      captures: ["a.mcpcapture.json.gz", "b.json"],
    });
    expect(parseStartArgs(["--open", "a.mcpcapture.json.gz"]).open).toBeUndefined();
    const browser = parseStartArgs(["--open", "--", "node", "server.js"]);
    expect([browser.open, browser.captures, browser.target]).toEqual([
      true,
      [],
      { kind: "command", program: "node", args: ["server.js"] },
    ]);
    expect(fails(["--open="])).toBe("--open= needs a capture file");
  });

  it("--open NAME takes an existing capture without its suffix, and --no-open opens it headless (issue 33)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "open-args-"));
    try {
      const gz = path.join(dir, "yesterday");
      writeFileSync(gz, Buffer.from([0x1f, 0x8b, 8, 0]));
      const plain = path.join(dir, "capture-as-text");
      writeFileSync(plain, '{"format":"mcp-resource-inspector/capture"}');
      const script = path.join(dir, "server.sh");
      writeFileSync(script, "#!/bin/sh\n");
      expect(parseStartArgs(["--open", gz, "--no-open"])).toMatchObject({ captures: [gz], open: false });
      expect(parseStartArgs(["--open", plain]).captures).toEqual([plain]);
      // A file that is not gzip or JSON stays a server command after the browser switch.
      const shell = parseStartArgs(["--open", script]);
      expect([shell.open, shell.captures]).toEqual([true, []]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("watch mode needs a command", () => {
    expect(
      parseStartArgs(["--watch", "src", "--watch-build", "npm run build", "--", "node", "d.js"]),
    ).toMatchObject({
      watch: "src",
      watchBuild: "npm run build",
    });
    expect(fails(["--watch", "src"])).toBe("--watch needs a server command (after --)");
    expect(fails(["--watch-build", "x", "--", "node"])).toBe("--watch-build needs --watch PATH");
  });

  it("refuses bad input with one line", () => {
    expect(fails(["--bogus"])).toMatch(/^Unknown option '--bogus'/);
    expect(fails(["--server", "a"])).toBe("--server needs --config FILE");
    expect(fails(["--config"])).toMatch(/--config/);
    expect(fails(["-p", "70000"])).toBe('--port must be 0..65535, got "70000"');
    expect(fails(["-e", "1BAD=x", "--", "node"])).toBe('-e expects KEY=VALUE, got "1BAD"');
    expect(fails(["-H", "No colon", "http://h/"])).toBe('--header expects "Name: value", got "No colon"');
    expect(fails(["--transport", "ws", "http://h/"])).toBe(
      '--transport must be one of auto, streamable-http, sse, websocket, got "ws"',
    );
    expect(fails(["-H", "A: b", "--", "node"])).toBe("--header and --transport apply to a server URL");
    expect(fails(["-e", "A=b", "http://h/"])).toBe(
      "-e, --cwd and --watch apply to a server command, not a URL",
    );
    expect(fails(["--config", "x.json", "--", "node"])).toBe("give either --config or a server, not both");
    expect(fails(["--open", "--no-open"])).toBe("--open and --no-open contradict each other");
    for (const m of [fails(["--bogus"]), fails(["--config"])]) expect(m).not.toContain("\n");
  });
});

describe("startupServers", () => {
  const env = () => undefined;
  it("a command with --watch carries watch mode, paths resolved from where the user ran it", () => {
    const [s] = startupServers(
      parseStartArgs([
        "--watch",
        "src",
        "--watch-build",
        "npm run build",
        "--cwd",
        "srv",
        "--",
        "node",
        "d.js",
      ]),
      "/home/u/proj",
      env,
    );
    expect(s).toEqual({
      label: "node d.js",
      body: { command: "node", args: ["d.js"], env: {}, cwd: "/home/u/proj/srv" },
      watch: { path: "/home/u/proj/src", build: "npm run build" },
    });
  });

  it("a VS Code config: a server that asks for inputs is skipped with a note, or stops the command when named", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "startup-inputs-"));
    const file = path.join(dir, "mcp.json");
    writeFileSync(
      file,
      JSON.stringify({
        inputs: [{ id: "key", type: "promptString", password: true }],
        servers: {
          plain: { command: "node", args: ["a.js"] },
          keyed: { command: "node", args: ["b.js"], env: { KEY: "${input:key}" } },
        },
      }),
    );
    try {
      const notes: string[] = [];
      const all = startupServers(parseStartArgs(["--config", file]), dir, env, (l) => notes.push(l));
      expect(all.filter((s) => !s.skipped).map((s) => s.label)).toEqual(["plain: node a.js"]);
      expect(notes).toEqual([
        `skipped server "keyed" asks for inputs (key), which the command line cannot fill in: paste ${file} into the page, which asks for them`,
      ]);
      expect(() => startupServers(parseStartArgs(["--config", file, "--server", "keyed"]), dir, env)).toThrow(
        /server "keyed" asks for inputs \(key\).*paste .* into the page/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a URL keeps its headers and transport", () => {
    const [s] = startupServers(parseStartArgs(["http://h/mcp", "-H", "X-Key: v"]), "/", env);
    expect(s!.body).toEqual({ url: "http://h/mcp", transport: "auto", headers: { "X-Key": "v" } });
  });

  it("--era goes into the server's body, a command's and a URL's, and wins over a config's era (issue 35)", () => {
    const [url] = startupServers(parseStartArgs(["--era", "modern", "http://h/mcp"]), "/", env);
    expect(url!.body).toMatchObject({ url: "http://h/mcp", era: "modern" });
    const [command] = startupServers(parseStartArgs(["--era", "legacy", "--", "node", "x.js"]), "/", env);
    expect(command!.body).toMatchObject({ command: "node", era: "legacy" });
    const [auto] = startupServers(parseStartArgs(["--era", "auto", "http://h/mcp"]), "/", env);
    expect(auto!.body).not.toHaveProperty("era");
    expect(() => parseStartArgs(["--era", "new", "http://h/mcp"])).toThrow(
      '--era must be one of auto, legacy, modern, got "new"',
    );
    const dir = mkdtempSync(path.join(tmpdir(), "era-config-"));
    try {
      const file = path.join(dir, "mcp.json");
      writeFileSync(file, JSON.stringify({ mcpServers: { a: { url: "http://h/mcp", era: "legacy" } } }));
      expect(startupServers(parseStartArgs(["--config", file]), dir, env)[0]!.body).toMatchObject({
        era: "legacy",
      });
      const [over] = startupServers(parseStartArgs(["--config", file, "--era", "auto"]), dir, env);
      expect(over!.body).not.toHaveProperty("era");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a WebSocket server on the command line", () => {
  it("takes a ws:// or wss:// URL as the server, and refuses a transport that cannot speak it", () => {
    expect(parseStartArgs(["ws://127.0.0.1:3005/mcp", "-H", "X-Api-Key: k"])).toMatchObject({
      target: { kind: "url", url: "ws://127.0.0.1:3005/mcp" },
      headers: { "X-Api-Key": "k" },
    });
    expect(parseStartArgs(["--transport", "websocket", "WSS://example.test/mcp"]).target).toEqual({
      kind: "url",
      url: "WSS://example.test/mcp",
    });
    expect(fails(["--transport", "sse", "ws://h/mcp"])).toBe(
      "A ws:// URL is a WebSocket server: choose the WebSocket transport (or Auto), not SSE.",
    );
    expect(fails(["--transport", "websocket", "http://h/mcp"])).toMatch(
      /^The WebSocket transport needs a ws:\/\/ or wss:\/\/ URL, not http:\/\//,
    );
  });
});
