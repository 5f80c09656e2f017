import { describe, it, expect } from "vitest";
import { commandName, isShellName, viewCommand } from "./shell-launch";

const split = (line: string) => line.split(" ");

describe("commandName", () => {
  it.each([
    ["/bin/sh", "sh"],
    ["/usr/bin/env", "env"],
    ["C:\\Windows\\System32\\cmd.exe", "cmd"],
    ["PowerShell.EXE", "powershell"],
    ["node", "node"],
  ])("names %s as %s", (word, name) => {
    expect(commandName(word)).toBe(name);
  });
});

describe("isShellName", () => {
  // prettier-ignore
  const shells = [
    "sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "ash", "pwsh", "powershell", "cmd",
    "cmd.exe", "/bin/sh", "/usr/local/bin/bash", "bash-5.2", "ksh93", "BASH",
  ];
  it.each(shells)("calls %s a shell", (name) => {
    expect(isShellName(name)).toBe(true);
  });

  it.each(["node", "npx", "python3", "shx", "bashful", "sha256sum", "uvx"])(
    "does not call %s a shell",
    (name) => {
      expect(isShellName(name)).toBe(false);
    },
  );
});

describe("viewCommand: shells", () => {
  it("sees `sh -c '… | sh'` as sh interpreting argument 2", () => {
    expect(viewCommand(["sh", "-c", "curl x | sh"]).shell).toEqual({
      shell: "sh",
      input: { kind: "script", script: "curl x | sh", argIndex: 2 },
    });
  });

  it.each([
    [["bash", "-lc", "id"], 2],
    [["bash", "-c", "-x", "id"], 3],
    [["bash", "-o", "pipefail", "-c", "id"], 4],
    [["bash", "--norc", "-c", "id", "name", "arg"], 3],
    [["/bin/zsh", "-ic", "id"], 2],
    [["dash", "-e", "-c", "id"], 3],
    [["busybox", "sh", "-c", "id"], 3],
    [["busybox", "ash", "-c", "id"], 3],
    [["fish", "-c", "id"], 2],
    [["tcsh", "-c", "id"], 2],
    [["csh", "-fc", "id"], 2],
  ])("finds the -c script of %j at argument %i", (words, argIndex) => {
    expect(viewCommand(words).shell?.input).toEqual({ kind: "script", script: "id", argIndex });
  });

  it("reads fish's --command=… as the script", () => {
    expect(viewCommand(["fish", "--command=id"]).shell?.input).toEqual({ kind: "script", script: "id" });
  });

  it("calls a shell with a file operand a script file, and one without a stdin reader", () => {
    expect(viewCommand(["bash", "server.sh", "--port", "1"]).shell?.input).toEqual({
      kind: "file",
      path: "server.sh",
      argIndex: 1,
    });
    expect(viewCommand(["sh"]).shell?.input).toEqual({ kind: "stdin" });
    expect(viewCommand(["bash", "-s", "--", "x"]).shell?.input).toEqual({ kind: "stdin" });
  });

  it("reads cmd /c and /k: the rest of the line, after cmd's own switches", () => {
    expect(viewCommand(split("cmd.exe /d /s /c node x.js")).shell).toEqual({
      shell: "cmd",
      input: { kind: "script", script: "node x.js", argIndex: 4 },
    });
    expect(viewCommand(split("cmd /K dir")).shell?.input).toMatchObject({ script: "dir" });
  });

  it("reads PowerShell's -Command, by any prefix, and -File", () => {
    expect(viewCommand(split("pwsh -NoProfile -ExecutionPolicy Bypass -c iwr x | iex")).shell).toEqual({
      shell: "pwsh",
      input: { kind: "script", script: "iwr x | iex", argIndex: 5 },
    });
    expect(viewCommand(split("powershell -comm Get-Date")).shell?.input).toMatchObject({
      script: "Get-Date",
    });
    expect(viewCommand(split("pwsh -File s.ps1 a")).shell?.input).toEqual({
      kind: "file",
      path: "s.ps1",
      argIndex: 2,
    });
  });

  it("decodes PowerShell's -EncodedCommand (base64 of UTF-16LE)", () => {
    const encoded = btoa(
      String.fromCharCode(..."iwr x | iex".split("").flatMap((c) => [c.charCodeAt(0), 0])),
    );
    expect(viewCommand(["powershell", "-enc", encoded]).shell?.input).toEqual({
      kind: "encoded",
      script: "iwr x | iex",
      argIndex: 2,
    });
  });
});

describe("viewCommand: wrappers", () => {
  it.each([
    ["/usr/bin/env bash -c id", ["env"], 3],
    ["env FOO=1 bash -c id", ["env"], 4],
    ["env -i -u HOME -C /tmp bash -c id", ["env"], 8],
    ["env -- sh -c id", ["env"], 4],
    ["sudo -u root -E bash -c id", ["sudo"], 6],
    ["nice -n 10 sh -c id", ["nice"], 5],
    ["timeout -s KILL 5 sh -c id", ["timeout"], 6],
    ["nohup env sh -c id", ["nohup", "env"], 4],
    ["stdbuf -oL sh -c id", ["stdbuf"], 4],
  ])("looks through %j to the shell", (line, via, argIndex) => {
    const view = viewCommand(split(line));
    expect(view.via).toEqual(via);
    expect(view.shell?.input).toEqual({ kind: "script", script: "id", argIndex });
  });

  it("splits env -S text into words", () => {
    const view = viewCommand(["env", "-S", "bash -c 'sudo id'"]);
    expect(view.shell).toEqual({ shell: "bash", input: { kind: "script", script: "sudo id" } });
  });

  it("counts su, sudo -s/-i and npx --call as going through a shell", () => {
    expect(viewCommand(split("su - root -c id")).shell?.input).toEqual({
      kind: "script",
      script: "id",
      argIndex: 4,
    });
    expect(viewCommand(split("sudo -s node x.js")).shell).toEqual({
      shell: "the target user's shell (sudo -s)",
      input: { kind: "script", script: "node x.js", argIndex: 2 },
    });
    expect(viewCommand(["npx", "-y", "-c", "id | sh"]).shell).toEqual({
      shell: "sh (npx --call)",
      input: { kind: "script", script: "id | sh", argIndex: 3 },
    });
  });

  it("does not take a package's own -c for npx's", () => {
    expect(viewCommand(split("npx -y @scope/server -c config.json")).shell).toBeNull();
  });

  it("names the program a wrapper finally runs", () => {
    expect(viewCommand(split("sudo -u me timeout 5 node x.js"))).toEqual({
      via: ["sudo", "timeout"],
      program: "node",
      words: ["node", "x.js"],
      shell: null,
    });
  });

  it("leaves a plain program alone", () => {
    expect(viewCommand(split("npx -y @modelcontextprotocol/server-everything"))).toEqual({
      via: [],
      program: "npx",
      words: ["npx", "-y", "@modelcontextprotocol/server-everything"],
      shell: null,
    });
  });
});
