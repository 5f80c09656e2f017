import { describe, it, expect } from "vitest";
import { CommandLineError, formatCommandLine, parseCommandLine } from "./command-line";
import type { CommandSpec } from "../api/contract";

function refusal(line: string): string {
  try {
    parseCommandLine(line);
  } catch (error) {
    expect(error).toBeInstanceOf(CommandLineError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(line)} to be refused`);
}

describe("parseCommandLine: splitting", () => {
  it("takes the first word as the program and the rest as args", () => {
    expect(parseCommandLine("node dist/index.js stdio")).toEqual({
      program: "node",
      args: ["dist/index.js", "stdio"],
      env: {},
    });
  });

  it("collapses runs of spaces and tabs and ignores surrounding whitespace", () => {
    expect(parseCommandLine("  node \t a   b \n")).toEqual({ program: "node", args: ["a", "b"], env: {} });
  });

  it("keeps spaces inside single and double quotes", () => {
    expect(parseCommandLine(`node 'a b' "c d"`).args).toEqual(["a b", "c d"]);
  });

  it("keeps $, backslashes and double quotes literal inside single quotes", () => {
    expect(parseCommandLine(`echo '$HOME \\n "x"'`).args).toEqual(['$HOME \\n "x"']);
  });

  it('unescapes only \\" \\\\ \\$ and \\` inside double quotes', () => {
    expect(parseCommandLine(`echo "a\\"b" "c\\\\d" "\\$X" "e\\\`f" "g\\nh"`).args).toEqual([
      'a"b',
      "c\\d",
      "$X",
      "e`f",
      "g\\nh",
    ]);
  });

  it("joins adjacent quoted and unquoted parts into one word", () => {
    expect(parseCommandLine(`echo al'l o'"ne"`).args).toEqual(["all one"]);
  });

  it("treats a backslash outside quotes as escaping the next character", () => {
    expect(parseCommandLine("node my\\ file.js \\'x\\' \\\\").args).toEqual(["my file.js", "'x'", "\\"]);
  });

  it("removes a backslash-newline as a line continuation", () => {
    expect(parseCommandLine("node server.js \\\n  --port 1\\\r\n2")).toEqual({
      program: "node",
      args: ["server.js", "--port", "12"],
      env: {},
    });
  });

  it("keeps empty quoted strings as empty arguments", () => {
    expect(parseCommandLine(`node '' "" x`).args).toEqual(["", "", "x"]);
  });

  it("understands ANSI-C $'…' quoting", () => {
    expect(parseCommandLine("node $'it\\'s\\ta'").args).toEqual(["it's\ta"]);
  });

  it("passes Unicode words through unchanged", () => {
    expect(parseCommandLine("node café.js 日本語 'emoji 🚀'")).toEqual({
      program: "node",
      args: ["café.js", "日本語", "emoji 🚀"],
      env: {},
    });
  });

  it("keeps a # inside a word literal (shell-quote alone would start a comment there)", () => {
    expect(parseCommandLine("node x.js --color=#fff a#b").args).toEqual(["x.js", "--color=#fff", "a#b"]);
  });

  it("drops a trailing comment, as a shell does", () => {
    expect(parseCommandLine("node x.js --flag # needs node 20")).toEqual({
      program: "node",
      args: ["x.js", "--flag"],
      env: {},
    });
  });

  it("keeps a quoted or escaped # as an argument", () => {
    expect(parseCommandLine(`node '#a' "#b" \\#c`).args).toEqual(["#a", "#b", "#c"]);
  });

  it("keeps glob patterns as literal arguments (no shell expands them)", () => {
    expect(parseCommandLine("node *.js docs/?.md \\* '*' {a,b}").args).toEqual([
      "*.js",
      "docs/?.md",
      "*",
      "*",
      "{a,b}",
    ]);
  });

  it("keeps a lone $ literal", () => {
    expect(parseCommandLine(`echo $ a$ "$" "b $ c"`).args).toEqual(["$", "a$", "$", "b $ c"]);
  });

  it("keeps invisible and direction-changing characters, so the review can show them", () => {
    expect(parseCommandLine("node\u202e x.js")).toEqual({ program: "node\u202e", args: ["x.js"], env: {} });
    expect(parseCommandLine("node a\u200bb 'c\u2066d' E\u{e0041}").args).toEqual([
      "a\u200bb",
      "c\u2066d",
      "E\u{e0041}",
    ]);
  });

  it("keeps a Unicode space that is quoted or escaped", () => {
    expect(parseCommandLine("echo 'a\u00a0b' a\\\u00a0b").args).toEqual(["a\u00a0b", "a\u00a0b"]);
  });
});

describe("parseCommandLine: environment assignments", () => {
  it("turns leading KEY=value words into env, with quoted values", () => {
    expect(parseCommandLine(`API_KEY="a b" DEBUG=1 node x.js`)).toEqual({
      program: "node",
      args: ["x.js"],
      env: { API_KEY: "a b", DEBUG: "1" },
    });
  });

  it("accepts empty and =-containing values", () => {
    expect(parseCommandLine("A= B='' C=x=y node").env).toEqual({ A: "", B: "", C: "x=y" });
  });

  it("lets a later assignment of the same name win", () => {
    expect(parseCommandLine("A=1 A=2 node").env).toEqual({ A: "2" });
  });

  it("keeps KEY=value after the program as an argument", () => {
    expect(parseCommandLine("node a=b X=1")).toEqual({ program: "node", args: ["a=b", "X=1"], env: {} });
  });

  it("does not treat a word with a quoted or invalid name as an assignment", () => {
    expect(parseCommandLine(`'A=1' x`).program).toBe("A=1");
    expect(parseCommandLine("1A=1 x").program).toBe("1A=1");
    expect(parseCommandLine("A-B=1 x").program).toBe("A-B=1");
  });

  it('refuses a line with only assignments: "no program given"', () => {
    expect(refusal("A=1 B=2")).toBe("no program given");
  });

  it('refuses an empty or comment-only line: "no program given"', () => {
    expect(refusal("")).toBe("no program given");
    expect(refusal("   ")).toBe("no program given");
    expect(refusal("# just a comment")).toBe("no program given");
  });

  it("refuses an empty program name", () => {
    expect(refusal("'' x")).toMatch(/program name is empty/);
  });
});

describe("parseCommandLine: refused shell syntax", () => {
  it.each([
    ["node a | grep b", 'pipe "|"'],
    ["node a |& grep b", 'pipe "|&"'],
    ["node a || node b", 'command list "||"'],
    ["node a && node b", 'command list "&&"'],
    ["node a; node b", 'command separator ";"'],
    ["node a &", 'background job "&"'],
    ["node a > out.log", 'redirection ">"'],
    ["node a >> out.log", 'redirection ">>"'],
    ["node a < in.txt", 'redirection "<"'],
    ["node a 2>err.log", 'redirection "2>"'],
    ["node a 2>&1", 'redirection "2>&"'],
    ["node a &> all.log", 'redirection "&>"'],
    ["node a <<< word", 'redirection "<<<"'],
    ["(cd x && node a)", 'subshell "("'],
    ["node <(cat x)", 'process substitution "<("'],
  ])("refuses %j, naming %s", (line, named) => {
    const message = refusal(line);
    expect(message).toContain(named);
    expect(message).toContain("without a shell");
  });

  it("refuses $(…) command substitution, even inside double quotes", () => {
    expect(refusal("node $(which server)")).toContain('command substitution "$(…)"');
    expect(refusal(`node "$(which server)"`)).toContain('command substitution "$(…)"');
  });

  it("refuses backtick command substitution outside single quotes", () => {
    expect(refusal("node `which server`")).toContain("backticks");
    expect(refusal('node "`which server`"')).toContain("backticks");
    expect(parseCommandLine("node '`x`' \\`y").args).toEqual(["`x`", "`y"]);
  });

  it.each([
    ["node $HOME/x.js", "$HOME"],
    ['node "$HOME/x.js"', "$HOME"],
    ["node ${X}", "${X}"],
    ['node "${X:-a b}"', "${X:-a b}"],
    ["node $1", "$1"],
    ["node $$", "$$"],
    ["TOKEN=$SECRET node", "$SECRET"],
  ])("refuses variable expansion in %j instead of expanding it", (line, found) => {
    const message = refusal(line);
    expect(message).toContain(
      "environment expansion is not supported; write the value or pass it as KEY=value",
    );
    expect(message).toContain(`"${found}"`);
  });

  it("keeps $VAR literal when single-quoted or escaped", () => {
    expect(parseCommandLine(`node '$HOME' \\$HOME "\\$HOME"`).args).toEqual(["$HOME", "$HOME", "$HOME"]);
  });

  it("refuses tilde expansion at the start of a word or of an assignment value", () => {
    expect(refusal("node ~/server.js")).toContain("tilde expansion");
    expect(refusal("CONFIG=~/c.json node")).toContain("tilde expansion");
    expect(parseCommandLine("node '~/x' a~b --x=~/y").args).toEqual(["~/x", "a~b", "--x=~/y"]);
  });

  it("refuses unterminated quotes instead of guessing", () => {
    expect(refusal(`node "abc`)).toContain("unterminated double quote");
    expect(refusal("node 'abc")).toContain("unterminated single quote");
    expect(refusal("node $'abc")).toContain("unterminated $'…' quote");
  });

  it("refuses a trailing lone backslash", () => {
    expect(refusal("node x\\")).toContain("ends with a backslash");
  });

  it("refuses several commands on separate lines", () => {
    expect(refusal("node a\nnode b")).toContain("newline separates commands");
  });

  it("refuses several commands separated by a Windows line end (CRLF)", () => {
    expect(refusal("node a\r\nnode b")).toContain("newline separates commands");
  });

  it("accepts newlines and carriage returns inside quotes as part of the argument", () => {
    expect(parseCommandLine("node 'a\nb' \"c\r\nd\"").args).toEqual(["a\nb", "c\r\nd"]);
  });

  it("refuses an unquoted non-breaking space, naming its code point", () => {
    expect(refusal("node\u00a0x.js")).toContain("U+00A0");
  });
});

describe("formatCommandLine", () => {
  it("leaves plain words bare and quotes the rest with single quotes", () => {
    expect(
      formatCommandLine({
        program: "npx",
        args: ["-y", "@scope/pkg@1.2.3", "--url=https://x.test/mcp?a=1", "a b", "it's", ""],
        env: { API_KEY: "s3cr et" },
      }),
    ).toBe(`API_KEY='s3cr et' npx -y @scope/pkg@1.2.3 '--url=https://x.test/mcp?a=1' 'a b' 'it'\\''s' ''`);
  });

  it("quotes a program that would read back as an assignment", () => {
    expect(formatCommandLine({ program: "a=b", args: [], env: {} })).toBe("'a=b'");
  });

  it("refuses an env name a shell cannot assign", () => {
    expect(() => formatCommandLine({ program: "x", args: [], env: { "A-B": "1" } })).toThrow(
      CommandLineError,
    );
  });

  const tricky: CommandSpec[] = [
    { program: "node", args: ["a b", "  lead", "trail  ", "tab\there"], env: {} },
    { program: "node", args: [`it's`, `"dq"`, `'`, `''`, `"`, `\\`, `a\\'b`], env: {} },
    { program: "node", args: ["$HOME", "${X}", "$(id)", "`id`", "$", "$'x'"], env: {} },
    { program: "node", args: ["", "", "x", ""], env: { EMPTY: "" } },
    { program: "node", args: ["*.js", "?", "[a]", "{a,b}", "~/x", "#c", "a#b", "!x", "x=~/y"], env: {} },
    { program: "node", args: ["|", "&&", ";", ">", "2>&1", "(", ")", "<(x)"], env: {} },
    { program: "node", args: ["line1\nline2", "cr\r\nlf", "nbsp\u00a0x", "日本語", "🚀"], env: {} },
    { program: "my server", args: ["--k=v"], env: { A: "x y", B: "it's $X", C: "=" } },
    { program: "A=1", args: ["B=2"], env: {} },
  ];
  it.each(tricky.map((spec) => [formatCommandLine(spec), spec] as const))(
    "round-trips %s through parseCommandLine",
    (line, spec) => {
      expect(parseCommandLine(line)).toEqual(spec);
    },
  );
});
