import { describe, expect, it } from "vitest";
import { geminiMention } from "./gemini-cli";

describe("geminiMention", () => {
  it("a server name with whitespace cuts the mention as a URI's would; escaped, it works", () => {
    expect(geminiMention("my server", "demo://a")).toEqual({
      text: "@my server:demo://a",
      works: false,
      why: "Typed as is, the mention is cut at the whitespace in the server name “my server”. Escaped, it works: @my\\ server:demo://a",
    });
  });

  it("a colon in the name wins: no escape reaches the server", () => {
    expect(geminiMention("a:b c", "demo://a")?.why).toMatch(/^The server name “a:b c” contains “:”/);
  });

  it("a plain name and URI work", () => {
    expect(geminiMention("demo", "demo://docs/a.md")).toEqual({
      text: "@demo:demo://docs/a.md",
      works: true,
    });
  });
});
