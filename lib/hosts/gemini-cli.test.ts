/**
 * Gemini CLI's templates, byte for byte, against the formats HOSTS.md quotes from its code
 * (read-mcp-resource.ts L138–152, list-mcp-resources.ts L106–116, atCommandProcessor.ts L61 and
 * L708–737). The @-mention parser is checked against the host's own regular expression.
 */
import { describe, expect, it } from "vitest";
import { geminiCli, geminiListText, geminiMention, geminiMentionPrompt, geminiReadText } from "./gemini-cli";
import { escapedMention, mentionBreak } from "./shared";
import { readInput as input } from "./hosts-testing";
import type { ServerView } from "./types";

describe("read_mcp_resource's llmContent", () => {
  it("is each text item and a newline, a blob as [Binary Data (mime)], empty items skipped", () => {
    expect(
      geminiReadText(
        input({
          contents: [
            { uri: "demo://docs/readme.md", text: "# Hello" },
            { uri: "demo://docs/readme.md", text: "" },
            { uri: "demo://docs/a.png", mimeType: "image/png", blob: "iVBORw0K" },
            { uri: "demo://docs/b", blob: "AAAA" },
            { uri: "demo://docs/c", blob: "" },
          ],
        }),
      ),
    ).toBe("# Hello\n[Binary Data (image/png)]\n[Binary Data (undefined)]\n");
  });

  it("says so when nothing is left, and when the URI is not listed or the read failed", () => {
    expect(geminiReadText(input({ contents: [{ text: "" }] }))).toBe("No content returned from resource.");
    expect(geminiReadText(input({ isListed: false }))).toBe(
      "Error: Resource not found for URI: demo://docs/readme.md",
    );
    expect(geminiReadText(input({ contents: undefined, error: { message: "boom", code: -32603 } }))).toBe(
      "Error: Failed to read resource: boom",
    );
  });
});

describe("the @server:uri prompt", () => {
  it("keeps the mention, then the referenced-content markers around the items (no server prefix)", () => {
    const prompt = geminiMentionPrompt(
      "@docs:demo://docs/readme.md",
      input({
        contents: [{ text: "# Hello" }, { mimeType: "application/pdf", blob: "AAECAw==" }, { blob: "AAA=" }],
      }),
    );
    expect(prompt).toBe(
      "@docs:demo://docs/readme.md\n--- Content from referenced files ---\nContent from @demo://docs/readme.md:\n" +
        "# Hello[Binary resource content application/pdf, 4 bytes][Binary resource content application/octet-stream, 2 bytes]" +
        "\n--- End of content ---",
    );
  });

  it("still names a resource that returned nothing", () => {
    expect(geminiMentionPrompt("@docs:x://y", input({ uri: "x://y", contents: [] }))).toBe(
      "@docs:x://y\n--- Content from referenced files ---\nContent from @x://y:\n\n--- End of content ---",
    );
  });
});

describe("list_mcp_resources", () => {
  const server: ServerView = {
    name: "docs",
    capabilities: { resources: {} },
    pages: 1,
    templates: [],
    resources: [
      { uri: "demo://a", name: "A", description: "first", title: "The A", mimeType: "text/plain" },
      { uri: "demo://b", name: "" },
      { uri: "", name: "skipped" },
      { uri: "demo://a", name: "A2" },
    ],
  };

  it("prints one “- server:uri | name | description” line each; falsy URIs skipped, the last duplicate wins", () => {
    expect(geminiListText(server)).toBe("Available MCP Resources:\n- docs:demo://a | A2\n- docs:demo://b\n");
  });

  it("answers the empty form when nothing is usable, and a lost server lists nothing", () => {
    expect(geminiListText({ ...server, resources: [] })).toBe("No resources found for server: docs");
    expect(geminiListText({ ...server, listError: "MCP error -32603" })).toBe(
      "No resources found for server: docs",
    );
    expect(geminiCli.reach({ ...server, listError: "MCP error -32603" })).toMatchObject({
      reachable: 0,
      templates: "none",
      lost: expect.stringContaining("the whole server is dropped") as unknown,
    });
    expect(geminiCli.reach({ ...server, capabilities: {} }).reachable).toBe(0);
  });
});

/** atCommandProcessor.ts L61, as HOSTS.md quotes it: what an @-mention token consumes. */
const GEMINI_AT = /@(?:"[^"]*"|\\.|[^ \t\n\r,;!?()[\]{}.]|\.(?!$|[ \t\n\r]))+/;

function parsedByGemini(text: string): string {
  return GEMINI_AT.exec(text)?.[0] ?? "";
}

describe("@-mentions against Gemini CLI's own parser", () => {
  const uris = [
    "demo://docs/readme.md",
    "file:///srv/app/logs/server.log",
    "demo://search?q=cats",
    "demo://docs/with space.md",
    "demo://list[1]",
    "demo://a,b",
    "demo://end.",
    "demo://x(y)",
    "demo://semi;colon!",
    "demo://{brace}",
    "urn:isbn:0451450523",
    "demo://tab\there",
  ];
  for (const uri of uris)
    it(`${JSON.stringify(uri)}: mentionBreak agrees with the regex, and the escaped form survives`, () => {
      const typed = `@docs:${uri}`;
      const survives = parsedByGemini(typed) === typed;
      expect(mentionBreak(uri) === null).toBe(survives);
      const escaped = escapedMention(typed);
      expect(parsedByGemini(escaped)).toBe(escaped);
      expect(geminiMention("docs", uri)?.works).toBe(survives);
    });

  it("a server name with whitespace cuts the mention as a URI's would; escaped, it works", () => {
    expect(geminiMention("my server", "demo://a")).toEqual({
      text: "@my server:demo://a",
      works: false,
      why: "Typed as is, the mention is cut at the whitespace in the server name “my server”. Escaped, it works: @my\\ server:demo://a",
    });
    expect(parsedByGemini("@my\\ server:demo://a")).toBe("@my\\ server:demo://a");
    expect(geminiMention("a:b c", "demo://a")?.why).toMatch(/^The server name “a:b c” contains “:”/);
  });

  it("a server name with “:” can never be addressed", () => {
    const m = geminiMention("plugin:p:s", "demo://a");
    expect(m).toMatchObject({ text: "@plugin:p:s:demo://a", works: false });
    expect(m?.why).toContain("splits at the first colon");
  });

  it("the read view carries the tool text, the prompt and the mention, and says a blob is a placeholder", () => {
    const view = geminiCli.read(input({ contents: [{ mimeType: "image/png", blob: "iVBORw0K" }] }));
    expect(view.audience).toBe("model");
    expect(view.blocks.map((b) => b.title)).toEqual([
      "read_mcp_resource → model",
      "@docs:demo://docs/readme.md → prompt",
    ]);
    expect(view.notes.map((n) => n.text)).toEqual([
      "The model gets “[Binary Data (image/png)]”, never the bytes.",
    ]);
    expect(view.notes[0]?.fact.certainty).toBe("verified");
    expect(view.notes[0]?.fact.source.url).toMatch(
      /^https:\/\/github\.com\/google-gemini\/gemini-cli\/blob\/[0-9a-f]{40}\//,
    );
  });
});
