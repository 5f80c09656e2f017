/**
 * Claude Code, VS Code and Codex, byte for byte against HOSTS.md's quoted formats (§2.1 the
 * TypeScript SDK's ReadMcpResourceOutput, §3.2 McpResourceURI and readFile, §3.3 the attachment,
 * §4 Codex's serde_json output), and what every model promises of itself.
 */
import { describe, expect, it } from "vitest";
import { claudeCode, claudeListJson, claudeReadResult } from "./claude-code";
import { codex, codexListText, codexReadText } from "./codex";
import { HOST_IDS, HOSTS, parseHostList } from "./index";
import { readInput as input } from "./hosts-testing";
import { mcpResourceUri, vscode, vscodeAttachesImage, vscodeItem } from "./vscode";
import type { ServerView } from "./types";

const server: ServerView = {
  name: "docs",
  capabilities: { resources: {} },
  pages: 1,
  templates: [{ uriTemplate: "demo://docs/{name}", name: "doc" }],
  resources: [
    { uri: "demo://a", name: "A", title: "The A", description: "first", mimeType: "text/plain", size: 3 },
  ],
};

describe("Claude Code", () => {
  it("ReadMcpResourceTool: text kept, an image blob dropped from the JSON, any other blob saved to disk", () => {
    expect(
      claudeReadResult(
        input({
          contents: [
            { uri: "demo://docs/readme.md", mimeType: "text/markdown", text: "# Hi" },
            { uri: "demo://docs/a.png", mimeType: "image/png", blob: "iVBORw0K" },
            { uri: "demo://docs/a.pdf", mimeType: "application/pdf", blob: "JVBERi0=" },
            { blob: "AAAA" },
          ],
        }),
      ),
    ).toEqual({
      contents: [
        { uri: "demo://docs/readme.md", mimeType: "text/markdown", text: "# Hi" },
        { uri: "demo://docs/a.png", mimeType: "image/png" },
        {
          uri: "demo://docs/a.pdf",
          mimeType: "application/pdf",
          blobSavedTo: "~/.claude/projects/<project>/tool-results/mcp-docs-blob-3.pdf",
        },
        {
          uri: "demo://docs/readme.md",
          blobSavedTo: "~/.claude/projects/<project>/tool-results/mcp-docs-blob-4.bin",
        },
      ],
    });
    expect(claudeReadResult(input({ error: { message: "gone" } }))).toEqual({ error: "gone" });
  });

  it("counts tokens against the 10,000 warning and the 25,000 limit", () => {
    const at = (chars: number) => claudeCode.read(input({ contents: [{ text: "x".repeat(chars) }] }));
    expect(at(40_000).tokens).toEqual({ estimate: 10_000, warnAt: 10_000, limit: 25_000 });
    expect(at(40_000).notes).toEqual([]);
    expect(at(40_004).notes.map((n) => n.text)).toEqual(["≈ 10,001 tokens: past the 10,000 warning."]);
    expect(at(100_004).notes[0]?.text).toMatch(/^≈ 25,001 tokens: past the 25,000 limit/);
  });

  it("an image is an image block; ListMcpResourcesTool has no title", () => {
    const view = claudeCode.read(input({ contents: [{ mimeType: "image/webp", blob: "UklGRg==" }] }));
    expect(view.blocks.map((b) => b.kind)).toEqual(["text", "image"]);
    expect(JSON.parse(claudeListJson(server))).toEqual([
      { uri: "demo://a", name: "A", mimeType: "text/plain", description: "first", server: "docs" },
    ]);
  });
});

describe("VS Code", () => {
  it("mcp-resource://<hex name>/<scheme>/<authority or dylo78gyp><path><query and fragment>", () => {
    expect(mcpResourceUri("docs", "demo://docs/readme.md")).toBe(
      "mcp-resource://646f6373/demo/docs/readme.md",
    );
    expect(mcpResourceUri("docs", "file:///srv/a.log")).toBe(
      "mcp-resource://646f6373/file/dylo78gyp/srv/a.log",
    );
    expect(mcpResourceUri("docs", "x://h/p?q=1#f")).toBe("mcp-resource://646f6373/x/h/p?q=1#f");
    // An opaque URI's path is glued onto the placeholder: it cannot map back (host-opaque-uri).
    expect(mcpResourceUri("docs", "urn:x:y")).toBe("mcp-resource://646f6373/urn/dylo78gypx:y");
  });

  it("readFile takes the first item whose path matches, case-insensitively; a trailing / is stripped from the request only", () => {
    const items = [
      { uri: "demo://other" },
      { uri: "DEMO://docs/README.md" },
      { uri: "demo://docs/readme.md" },
    ];
    expect(vscodeItem("demo://docs/readme.md", items)).toEqual({ index: 1 });
    expect(vscodeItem("file:///d/", [{ uri: "file:///d" }])).toEqual({ index: 0 });
    expect(vscodeItem("file:///d", [{ uri: "file:///d/" }])).toEqual({ error: "File is a directory" });
    expect(vscodeItem("demo://x", [])).toEqual({ error: "File not found" });
  });

  it("attaches an image only for an exactly spelled listed type, or an image extension when none is listed", () => {
    expect(vscodeAttachesImage("demo://a", "image/png")).toBe(true);
    expect(vscodeAttachesImage("demo://a", "image/PNG")).toBe(false);
    expect(vscodeAttachesImage("demo://a", "image/svg+xml")).toBe(false);
    expect(vscodeAttachesImage("demo://a.jpeg", undefined)).toBe(true);
    expect(vscodeAttachesImage("demo://a.png", "application/octet-stream")).toBe(false);
  });

  it("is the user's: the read view is the attachment, never a model tool", () => {
    const view = vscode.read(
      input({
        listed: { uri: "demo://docs/readme.md", name: "r", mimeType: "text/markdown" },
        contents: [
          { uri: "demo://docs/readme.md", text: "# Hi" },
          { uri: "demo://docs/readme.md", text: "more" },
        ],
      }),
    );
    expect(view.audience).toBe("user");
    expect(view.blocks).toEqual([
      {
        kind: "text",
        title: "Attachment URI",
        text: "mcp-resource://646f6373/demo/docs/readme.md",
        format: "text",
      },
      { kind: "text", title: "File attachment (item 1)", text: "# Hi", format: "text" },
    ]);
    expect(view.notes.map((n) => n.text)).toEqual(["Only item 1 of 2 is attached."]);
  });
});

describe("Codex", () => {
  it("hands the model serde_json of {server, uri, contents}, blobs inline", () => {
    const contents = [{ uri: "demo://a", mimeType: "image/png", blob: "iVBORw0K" }];
    expect(codexReadText(input({ uri: "demo://a", contents }))).toBe(
      '{"server":"docs","uri":"demo://a","contents":[{"uri":"demo://a","mimeType":"image/png","blob":"iVBORw0K"}]}',
    );
    expect(codexReadText(input({ error: { message: "nope" } }))).toBe("resources/read failed: nope");
    expect(JSON.parse(codexListText(server))).toEqual({
      server: "docs",
      resources: [{ server: "docs", ...server.resources[0] }],
    });
    expect(codex.reach({ ...server, pages: 3 }).pages).toBe("one page a call; the model follows nextCursor");
  });
});

describe("every host model", () => {
  it("says which release it describes, and every fact has a certainty and a source link", () => {
    for (const id of HOST_IDS) {
      const host = HOSTS[id];
      expect(host.id).toBe(id);
      expect(host.version.length).toBeGreaterThan(2);
      for (const f of Object.values(host.facts)) {
        expect(["verified", "inferred"]).toContain(f.certainty);
        expect(f.source.url).toMatch(/^https:\/\/github\.com\//);
        expect(f.text.length).toBeGreaterThan(20);
      }
    }
  });

  it("reads the same answer without throwing, whatever the items hold", () => {
    const odd = [{}, { text: 5 }, { blob: null, mimeType: 7 }, { uri: "::", text: "x" }] as never;
    for (const id of HOST_IDS) {
      const view = HOSTS[id].read(input({ contents: odd }));
      expect(view.host).toBe(id);
      expect(view.blocks.length).toBeGreaterThan(0);
    }
  });

  it("--hosts takes known names only", () => {
    expect(parseHostList("")).toEqual([...HOST_IDS]);
    expect(parseHostList("codex, gemini-cli,codex")).toEqual(["codex", "gemini-cli"]);
    expect(() => parseHostList("claude")).toThrow(
      "Unknown host “claude”: known hosts are gemini-cli, claude-code, vscode, codex.",
    );
  });
});
