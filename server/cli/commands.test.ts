import { describe, expect, it } from "vitest";
import { parseStartArgs, UsageError } from "./args";
import { closestCommand, closestWord, COMMANDS } from "./commands.mjs";

describe("closestCommand: the subcommand a mistyped word was meant to be", () => {
  it("finds slips: a missing or extra letter, a swap, a start, another case", () => {
    expect(closestCommand("resource")).toBe("resources");
    expect(closestCommand("subscibe")).toBe("subscribe");
    expect(closestCommand("lnit")).toBe("lint");
    expect(closestCommand("host")).toBe("hosts");
    expect(closestCommand("chek")).toBe("check");
    expect(closestCommand("res")).toBe("resources");
    expect(closestCommand("sub")).toBe("subscribe");
    expect(closestCommand("Resources")).toBe("resources");
  });

  it("leaves alone the programs servers are started with, paths, and the commands themselves", () => {
    for (const word of ["node", "npx", "uvx", "uv", "python3", "deno", "bun", "docker", "java", "sh", "go"])
      expect(closestCommand(word), word).toBeUndefined();
    for (const word of ["./lint.js", "build/index.js", "hosts.py", "C:\\srv\\check.exe", "lint"])
      expect(closestCommand(word), word).toBeUndefined();
  });

  it("allows one edit in a short word, two in a longer one", () => {
    expect(closestWord("lsit", ["list", "read"])).toBe("list");
    expect(closestWord("rdae", ["list", "read"])).toBeUndefined();
    expect(closestWord("tmplates", ["templates"])).toBe("templates");
    expect(closestWord("tmplats", ["templates"])).toBe("templates");
    expect(closestWord("tmpl8ts", ["templates"])).toBeUndefined();
  });

  it("names every command bin.mjs dispatches, each with a one-line summary", () => {
    expect(COMMANDS.map((c) => c.name)).toEqual([
      "start",
      "check",
      "lint",
      "hosts",
      "capture",
      "diff",
      "resources",
      "subscribe",
    ]);
    for (const c of COMMANDS) expect(c.summary).toMatch(/^[^\n]{10,70}$/);
  });
});

describe("parseStartArgs: a bare word", () => {
  it("that is a slip for a subcommand is refused in one line naming it", () => {
    expect(() => parseStartArgs(["resource", "list"])).toThrow(UsageError);
    expect(() => parseStartArgs(["resource", "list"])).toThrow(
      'unknown command "resource": did you mean resources? A server command goes after --',
    );
  });

  it("is still a server command otherwise (`npm start -- node x.js` hands it over without --)", () => {
    expect(parseStartArgs(["node", "x.js"]).target).toEqual({
      kind: "command",
      program: "node",
      args: ["x.js"],
    });
    expect(parseStartArgs(["http://127.0.0.1:3001/mcp"]).target).toEqual({
      kind: "url",
      url: "http://127.0.0.1:3001/mcp",
    });
  });

  it("after -- is never guessed at: a program may be called anything", () => {
    expect(parseStartArgs(["--", "resource", "list"]).target).toEqual({
      kind: "command",
      program: "resource",
      args: ["list"],
    });
  });
});
