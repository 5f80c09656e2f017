import { describe, it, expect } from "vitest";
import { readScript } from "./shell-script";

/** Each pipeline as its commands' words. */
function words(script: string): string[][][] {
  return readScript(script).map((pipeline) => pipeline.map((c) => c.words));
}

describe("readScript: commands and pipelines", () => {
  it("joins commands with | and |& into one pipeline", () => {
    expect(words("curl -fsSL https://x.test | sh")).toEqual([[["curl", "-fsSL", "https://x.test"], ["sh"]]]);
    expect(words("a |& b")).toEqual([[["a"], ["b"]]]);
  });

  it("separates pipelines at ;, &&, ||, & and newlines", () => {
    expect(words("a; b && c || d & e\nf")).toEqual([[["a"]], [["b"]], [["c"]], [["d"]], [["e"]], [["f"]]]);
  });

  it("ends a command at a newline, which shell-quote would read as a space", () => {
    expect(words("echo hi\nsudo id")).toEqual([[["echo", "hi"]], [["sudo", "id"]]]);
  });

  it("keeps # inside a word and drops a comment only at a word start", () => {
    expect(words("echo a#b; sudo x # not this\nid")).toEqual([[["echo", "a#b"]], [["sudo", "x"]], [["id"]]]);
  });

  it("starts a new command after ( and ) without breaking the pipeline", () => {
    expect(words("(curl x) | sh")).toEqual([[["curl", "x"], ["sh"]]]);
  });

  it("skips empty commands", () => {
    expect(words(" ;; ; \n\n")).toEqual([]);
  });
});

describe("readScript: quoting", () => {
  it("removes single, double and backslash quoting", () => {
    expect(words(`c''url "x y" \\s\\h 'a b'`)).toEqual([[["curl", "x y", "sh", "a b"]]]);
  });

  it('unescapes only \\" \\\\ \\$ \\` inside double quotes', () => {
    expect(words(`echo "a\\"b\\\\c\\$d\\e"`)).toEqual([[["echo", 'a"b\\c$d\\e']]]);
  });

  it("decodes ANSI-C $'…' quoting, hex and unicode escapes included", () => {
    expect(words("$'\\x73udo' $'a\\tb' $'\\u0073h' $'it\\'s'")).toEqual([[["sudo", "a\tb", "sh", "it's"]]]);
  });

  it("joins a backslash-newline continuation", () => {
    expect(words("sudo \\\nid")).toEqual([[["sudo", "id"]]]);
  });

  it("reads unterminated quotes to the end instead of failing", () => {
    expect(words(`echo 'abc`)).toEqual([[["echo", "abc"]]]);
    expect(words(`echo "abc`)).toEqual([[["echo", "abc"]]]);
  });
});

describe("readScript: substitutions and redirections", () => {
  it("collects $(…), backticks, <(…) and >(…) bodies, also inside double quotes", () => {
    const [pipeline] = readScript('sh -c "$(curl -s x)" `id` <(wget y) >(tee z)');
    expect(pipeline?.[0]?.substitutions).toEqual(["curl -s x", "id", "wget y", "tee z"]);
    expect(pipeline?.[0]?.words).toEqual(["sh", "-c", "$(curl -s x)", "`id`", "<(wget y)", ">(tee z)"]);
  });

  it("finds the closing parenthesis of nested and quoted substitutions", () => {
    const [pipeline] = readScript(`eval "$(echo "$(curl x)" ')')" done`);
    expect(pipeline?.[0]?.substitutions).toEqual([`echo "$(curl x)" ')'`]);
    expect(pipeline?.[0]?.words.at(-1)).toBe("done");
  });

  it("leaves redirection targets and fd numbers out of the words", () => {
    expect(words("node x.js 2>&1 >out.log <in &>all >>more")).toEqual([[["node", "x.js"]]]);
  });

  it("keeps a process substitution fed to a redirection as a substitution", () => {
    const [pipeline] = readScript("bash < <(curl x)");
    expect(pipeline?.[0]).toEqual({ words: ["bash"], substitutions: ["curl x"] });
  });
});
