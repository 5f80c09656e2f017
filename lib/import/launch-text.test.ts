import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../launch/command-line";
import { launchText } from "./launch-text";
import { parseServerConfig } from "./server-config";

describe("launchText", () => {
  it("a plain command or URL comes back as the line that was typed", () => {
    const line = launchText("x", {
      kind: "stdio",
      program: "node",
      args: ["a b.js", "--flag"],
      envNames: [],
    });
    expect(line).toBe("node 'a b.js' --flag");
    expect(parseCommandLine(line)).toEqual({ program: "node", args: ["a b.js", "--flag"], env: {} });
    expect(launchText("x", { kind: "http", url: "http://h/mcp", transport: "auto", headerNames: [] })).toBe(
      "http://h/mcp",
    );
  });

  it("values the page never saw become ${NAME} references in a one-server config that reads back the same", () => {
    const text = launchText("gh", {
      kind: "stdio",
      program: "node",
      args: ["${workspaceFolder}/gh.js"],
      envNames: ["GITHUB_TOKEN"],
      cwd: "/w",
    });
    const [server] = parseServerConfig(text).servers;
    expect(server).toMatchObject({
      name: "gh",
      launch: {
        kind: "stdio",
        program: "node",
        args: ["${workspaceFolder}/gh.js"],
        env: { GITHUB_TOKEN: "${GITHUB_TOKEN}" },
        cwd: "/w",
      },
      usedVariables: ["GITHUB_TOKEN"],
    });
    const remote = launchText("r", {
      kind: "http",
      url: "http://h/sse",
      transport: "sse",
      headerNames: ["X-Api-Key"],
    });
    expect(parseServerConfig(remote).servers[0]).toMatchObject({
      name: "r",
      launch: {
        kind: "http",
        url: "http://h/sse",
        transport: "sse",
        headers: { "X-Api-Key": "${X_API_KEY}" },
      },
    });
  });
});
