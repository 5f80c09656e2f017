import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseStartArgs, UsageError } from "./args";
import { oneServerLaunch } from "./one-server";
import { startupServers, workspaceFolderOf } from "./startup-servers";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "startup-config-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function config(relative: string, value: unknown): string {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
  return file;
}

const env = (values: Record<string, string>) => (name: string) => values[name];

describe("--config: a server that cannot be resolved", () => {
  const claudeCode = {
    mcpServers: {
      github: { command: "node", args: ["gh.js"], env: { TOKEN: "${GITHUB_TOKEN}" } },
      docs: { command: "node", args: ["docs.js", "--level", "${LEVEL:-info}"] },
      remote: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Key": "${KEY}" } },
    },
  };

  it("is skipped with a note naming the variable, and the others start", () => {
    const file = config(".mcp.json", claudeCode);
    const notes: string[] = [];
    const all = startupServers(parseStartArgs(["--config", file]), dir, env({ KEY: "k1" }), (l) =>
      notes.push(l),
    );
    expect(all.filter((s) => !s.skipped).map((s) => s.body)).toEqual([
      { name: "docs", command: "node", args: ["docs.js", "--level", "info"], env: {}, cwd: dir },
      {
        name: "remote",
        url: "http://127.0.0.1:9/mcp",
        transport: "streamable-http",
        headers: { "X-Key": "k1" },
      },
    ]);
    expect(notes).toEqual([
      `skipped server "github" in ${file}: environment variable GITHUB_TOKEN is not set (referenced as \${GITHUB_TOKEN})`,
    ]);
    // Kept for the page as written, references unexpanded: nothing from the environment in it.
    const skipped = all.find((s) => s.skipped);
    expect(skipped).toMatchObject({
      label: "github: node gh.js",
      body: { name: "github", command: "node", env: { TOKEN: "${GITHUB_TOKEN}" } },
      skipped: expect.stringContaining("GITHUB_TOKEN is not set") as unknown,
    });
  });

  it("stops the command (exit 2) when --server names it, or when nothing at all can start", () => {
    const file = config(".mcp.json", claudeCode);
    const start = (args: string[]) => () =>
      startupServers(parseStartArgs(args), dir, env({}), () => undefined);
    expect(start(["--config", file, "--server", "github"])).toThrow(UsageError);
    expect(start(["--config", file, "--server", "github"])).toThrow(/GITHUB_TOKEN is not set/);
    expect(start(["--config", file, "--server", "docs"])).not.toThrow();
    const broken = config("broken.json", { mcpServers: { a: claudeCode.mcpServers.github } });
    expect(start(["--config", broken])).toThrow(`no server of ${broken} can start (see above)`);
  });

  it("the one-shot commands start the one that can, and stop on the named broken one", () => {
    const file = config(".mcp.json", {
      mcpServers: { github: claudeCode.mcpServers.github, docs: claudeCode.mcpServers.docs },
    });
    const usage = (m: string): never => {
      throw new Error(`usage: ${m}`);
    };
    const saved = process.env.GITHUB_TOKEN;
    delete process.env.GITHUB_TOKEN;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...a: unknown[]) => void errors.push(a.join(" "));
    try {
      expect(oneServerLaunch(["--config", file], usage).launch).toMatchObject({
        args: ["docs.js", "--level", "info"],
      });
      expect(errors).toEqual([expect.stringContaining('skipped server "github"')]);
      expect(() => oneServerLaunch(["--config", file, "--server", "github"], usage)).toThrow(
        /^usage: server "github" .*GITHUB_TOKEN is not set/,
      );
    } finally {
      console.error = original;
      if (saved !== undefined) process.env.GITHUB_TOKEN = saved;
    }
  });
});

describe("--config: VS Code's predefined variables", () => {
  it("expand as VS Code does: the folder holding .vscode/, the home folder, the separator, env:", () => {
    const file = config(".vscode/mcp.json", {
      servers: {
        fs: {
          type: "stdio",
          command: "node",
          args: ["${workspaceFolder}/server.js", "${userHome}${/}data", "${workspaceFolderBasename}"],
          env: { API: "${env:API_KEY}", SEP: "${pathSeparator}" },
          cwd: "${workspaceFolder}",
        },
      },
    });
    const [s] = startupServers(parseStartArgs(["--config", file]), "/", env({ API_KEY: "a1" }));
    expect(s?.skipped).toBeUndefined();
    expect(s?.body).toEqual({
      name: "fs",
      command: "node",
      args: [`${dir}/server.js`, `${homedir()}${path.sep}data`, path.basename(dir)],
      env: { API: "a1", SEP: path.sep },
      cwd: dir,
    });
  });

  it("a server of .vscode/mcp.json without a cwd runs in the workspace folder, not in .vscode/", () => {
    const file = config(".vscode/mcp.json", {
      servers: { fs: { command: "node", args: ["${workspaceFolderBasename}.js"] } },
    });
    const [s] = startupServers(parseStartArgs(["--config", file]), "/", env({}));
    expect(s?.body).toMatchObject({ args: [`${path.basename(dir)}.js`], cwd: dir });
  });

  it("${workspaceFolder} of any other config is the config's folder", () => {
    expect(workspaceFolderOf("/w/proj/.vscode/mcp.json")).toBe("/w/proj");
    expect(workspaceFolderOf("/w/proj/.vscode/settings.json")).toBe("/w/proj");
    expect(workspaceFolderOf("/w/proj/.mcp.json")).toBe("/w/proj");
    const file = config("sub/.mcp.json", {
      mcpServers: { a: { command: "node", args: ["${workspaceFolder}/a.js"] } },
    });
    const [s] = startupServers(parseStartArgs(["--config", file]), "/", env({}));
    expect(s?.body).toMatchObject({ args: [path.join(dir, "sub", "a.js")] });
  });
});
