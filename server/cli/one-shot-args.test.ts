import { describe, expect, it } from "vitest";
import { parseStartArgs } from "./args";
import { parseOneShot } from "./one-shot-args";

const HOSTS = {
  prefix: "test",
  usage: "usage: test",
  options: {
    host: { type: "string", multiple: true },
    format: { type: "string" },
    quiet: { type: "boolean" },
  },
  words: 1,
} as const;
const LIST = { ...HOSTS, words: 0 };

describe("parseOneShot", () => {
  it("keeps its own options and leading word, and hands on everything else as typed, in order", () => {
    const r = parseOneShot(
      [
        "demo://a",
        "--host",
        "vscode",
        "-e",
        "K=v=w",
        "--format=json",
        "--cwd",
        "srv",
        "--",
        "node",
        "s.js",
        "--host",
        "x",
      ],
      HOSTS,
    );
    expect(r.words).toEqual(["demo://a"]);
    expect(r.values).toEqual({ host: ["vscode"], format: "json" });
    expect(r.serverArgs).toEqual(["-e", "K=v=w", "--cwd", "srv", "--", "node", "s.js", "--host", "x"]);
    // What it hands on is what `start` understands.
    expect(parseStartArgs(r.serverArgs)).toMatchObject({
      env: { K: "v=w" },
      cwd: "srv",
      target: { kind: "command", program: "node", args: ["s.js", "--host", "x"] },
    });
  });

  it("never takes a server option's value for the URI", () => {
    const r = parseOneShot(
      ["--cwd", "/srv", "-e", "A=1", "file:///x", "--no-open", "--", "node", "s.js"],
      HOSTS,
    );
    expect(r.words).toEqual(["file:///x"]);
    expect(r.serverArgs).toEqual(["--cwd", "/srv", "-e", "A=1", "--no-open", "--", "node", "s.js"]);
  });

  it("passes a server URL on after the URI, and inline values and unknown options verbatim", () => {
    const r = parseOneShot(
      [
        "https://docs.test/a.md",
        "http://127.0.0.1:3001/mcp",
        "-H",
        "Authorization: Bearer t",
        "--transport=sse",
        "--quiet",
      ],
      HOSTS,
    );
    expect(r.words).toEqual(["https://docs.test/a.md"]);
    expect(r.values).toEqual({ quiet: true });
    expect(r.serverArgs).toEqual([
      "http://127.0.0.1:3001/mcp",
      "-H",
      "Authorization: Bearer t",
      "--transport=sse",
    ]);
    expect(parseStartArgs(r.serverArgs)).toMatchObject({
      target: { kind: "url", url: "http://127.0.0.1:3001/mcp" },
      headers: { Authorization: "Bearer t" },
      transport: "sse",
    });
  });

  it("with no words of its own, a first positional is the server's (a URL, or --config's)", () => {
    const r = parseOneShot(["http://127.0.0.1:3001/mcp", "--format", "text"], LIST);
    expect(r.words).toEqual([]);
    expect(r.serverArgs).toEqual(["http://127.0.0.1:3001/mcp"]);
    const c = parseOneShot(["--config", ".mcp.json", "--server", "notes", "-c", "x"], LIST);
    expect(c.serverArgs).toEqual(["--config", ".mcp.json", "--server", "notes", "-c", "x"]);
  });
});
