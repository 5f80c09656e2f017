/**
 * The `diff` grammar: two sides in the order typed (files, URLs, --command, --server of one
 * --config, and `-- cmd…` always last), server options routed to the sides they fit, and every
 * ambiguity refused as a usage error.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStartArgs } from "./args";
import { parseDiffArgs, serverArgsOf, type DiffCall } from "./diff-args";

const call = (argv: string[]): DiffCall => {
  const c = parseDiffArgs(argv);
  if (c === "help") throw new Error("help");
  return c;
};

describe("parseDiffArgs", () => {
  it("takes a capture file and a command after --, in that order", () => {
    const c = call(["before.gz", "--", "node", "build/server.js", "--port", "1"]);
    expect(c.sides).toEqual([
      { kind: "file", path: "before.gz" },
      { kind: "command", program: "node", args: ["build/server.js", "--port", "1"], env: {} },
    ]);
    expect(c).toMatchObject({ format: "pretty", ignore: [], all: false });
  });

  it("keeps the typed order of --command, URLs and files; -- is always last", () => {
    expect(call(["--command", "FOO=1 node 'old dir/x.js'", "https://h.test/mcp"]).sides).toEqual([
      { kind: "command", program: "node", args: ["old dir/x.js"], env: { FOO: "1" } },
      { kind: "url", url: "https://h.test/mcp" },
    ]);
    expect(call(["ws://h.test/mcp", "a.gz"]).sides.map((s) => s.kind)).toEqual(["url", "file"]);
    // After -- every word is the command's: a file there is an argument, not a side.
    expect(() => call(["--", "node", "x.js", "a.gz"])).toThrow(/give two sides to compare \(got 1\)/);
  });

  it("takes --server twice with one --config", () => {
    const c = call([
      "--config",
      "mcp.json",
      "--server",
      "prod",
      "--server",
      "staging",
      "--ignore",
      "/server/version",
    ]);
    expect(c.sides).toEqual([
      { kind: "config", server: "prod" },
      { kind: "config", server: "staging" },
    ]);
    expect(c.ignore).toEqual(["/server/version"]);
    expect(serverArgsOf(c, c.sides[1] as never)).toEqual(["--config", "mcp.json", "--server", "staging"]);
  });

  it("routes -e/--cwd to command sides and -H/--transport to URL sides, each as start parses them", () => {
    const c = call([
      "-e",
      "TOKEN=abc",
      "-H",
      "Authorization: Bearer x",
      "--no-open",
      "http://127.0.0.1:1/mcp",
      "--",
      "node",
      "s.js",
    ]);
    const [url, cmd] = c.sides;
    const u = parseStartArgs(serverArgsOf(c, url as never));
    expect(u).toMatchObject({
      target: { kind: "url" },
      headers: { Authorization: "Bearer x" },
      env: {},
      open: false,
    });
    const m = parseStartArgs(serverArgsOf(c, cmd as never));
    expect(m).toMatchObject({
      target: { kind: "command", program: "node" },
      env: { TOKEN: "abc" },
      headers: {},
    });
    // A --command's own KEY=value words are its env too.
    const d = call(["--command", "A=1 node a.js", "--", "node", "b.js"]);
    expect(parseStartArgs(serverArgsOf(d, d.sides[0] as never)).env).toEqual({ A: "1" });
    expect(parseStartArgs(serverArgsOf(d, d.sides[1] as never)).env).toEqual({});
  });

  it("reads --ignore-file: a pointer a line, comments and blanks skipped", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "diff-args-"));
    const f = path.join(dir, "ignore.txt");
    writeFileSync(f, "# volatile\n/server/version\n\n/resources/*/annotations/lastModified\n");
    expect(call(["a.gz", "b.gz", "--ignore", "/x", "--ignore-file", f]).ignore).toEqual([
      "/x",
      "/server/version",
      "/resources/*/annotations/lastModified",
    ]);
  });

  it("says help before anything else", () => {
    expect(parseDiffArgs(["--help", "--bogus"])).toBe("help");
  });

  it.each([
    [["a.gz"], /give two sides to compare \(got 1\)/],
    [["a.gz", "b.gz", "c.gz"], /exactly two sides.*--command/],
    [["--", "node", "a.js", "--", "x"], /give two sides/],
    [["a.gz", "--"], /nothing after --/],
    [["--server", "x", "a.gz"], /--server needs --config/],
    [["--config", "c.json", "a.gz", "b.gz"], /--config needs --server/],
    [["-H", "A: b", "a.gz", "--", "node"], /-H applies to a server URL/],
    [["-e", "A=b", "a.gz", "http://h.test/mcp"], /-e applies to a server command/],
    [["--watch", "src", "a.gz", "b.gz"], /diff does not take --watch/],
    [["--command", "node a.js | tee", "b.gz"], /--command: .*pipe/],
    [["a.gz", "b.gz", "--ignore", "version"], /JSON Pointer/],
    [["a.gz", "http://"], /not a valid URL: http:\/\//],
    [["a.gz", "b.gz", "--max-bytes", "1k"], /--max-bytes takes a whole number/],
    [["a.gz", "b.gz", "--format", "sarif"], /--format must be pretty or json/],
    [["a.gz", "b.gz", "--output"], /--output needs a value/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseDiffArgs(argv)).toThrow(message);
  });
});
