/**
 * The lens's inputs and its text forms: a host's main text is its module's own rendering, byte
 * for byte, and what a host never lists (no capability, a failing list) is never "listed".
 */
import { describe, expect, it } from "vitest";
import { claudeReadResult } from "./claude-code";
import { codexReadText } from "./codex";
import { geminiReadText } from "./gemini-cli";
import { HOST_IDS, HOSTS } from "./index";
import { readInputOf, serverViewOf } from "./read-input";
import { primaryText, viewText } from "./read-text";

const resources = {
  items: [
    { uri: "x://a", name: "a", mimeType: "text/plain" },
    { uri: "x://a", name: "a again", mimeType: "image/png" },
  ],
  pages: 1,
};
const server = serverViewOf("docs", { resources: {} }, resources, { items: [] });
const text = readInputOf(server, "x://a", {
  contents: [{ uri: "x://a", mimeType: "text/plain", text: "hi" }],
});

describe("readInputOf", () => {
  it("takes the last listed entry for a URI listed twice (hosts keep the last)", () => {
    expect(text.isListed).toBe(true);
    expect(text.listed?.name).toBe("a again");
  });

  it("lists nothing for a server without the resources capability, or whose list failed", () => {
    const bare = serverViewOf("docs", {}, resources, {});
    expect(readInputOf(bare, "x://a", { contents: [] }).isListed).toBe(false);
    const failed = serverViewOf("docs", { resources: {} }, { error: "boom" }, {});
    expect(failed.listError).toBe("boom");
    expect(readInputOf(failed, "x://a", { contents: [] }).isListed).toBe(false);
  });

  it("keeps a read error's message and code", () => {
    const input = readInputOf(server, "x://a", { error: { message: "MCP error -32603: no", code: -32603 } });
    expect(input.error).toEqual({ message: "MCP error -32603: no", code: -32603 });
    expect(input.contents).toBeUndefined();
  });
});

describe("primaryText", () => {
  it("is each host module's own rendering, nothing added", () => {
    const plain = readInputOf(
      serverViewOf("docs", { resources: {} }, { items: [resources.items[0]!] }, {}),
      "x://a",
      {
        contents: [{ uri: "x://a", mimeType: "text/plain", text: "hi" }],
      },
    );
    const texts = HOST_IDS.map((id) => primaryText(HOSTS[id].read(plain), HOSTS[id]));
    expect(texts).toEqual([
      geminiReadText(plain),
      JSON.stringify(claudeReadResult(plain), null, 2),
      "hi",
      codexReadText(plain),
    ]);
    expect(texts[0]).toBe("hi\n");
  });

  it("is one line for what is not text: an image attachment, a failed attachment", () => {
    // Listed (last) as image/png: VS Code attaches an image.
    const png = readInputOf(server, "x://a", {
      contents: [{ uri: "x://a", mimeType: "image/png", blob: "AAAA" }],
    });
    expect(primaryText(HOSTS.vscode.read(png), HOSTS.vscode)).toBe(
      "[Image attachment (item 1): image/png, content item 1]\n",
    );
    const failed = readInputOf(server, "x://a", { error: { message: "gone" } });
    expect(primaryText(HOSTS.vscode.read(failed), HOSTS.vscode)).toBe("[Attachment: The read fails: gone]\n");
  });
});

describe("viewText", () => {
  it("heads the section with the host, its release and audience, and tags each note V or I", () => {
    const blob = readInputOf(server, "x://a", { contents: [{ uri: "x://a", blob: "AAAA" }] });
    const out = viewText(HOSTS["gemini-cli"].read(blob), HOSTS["gemini-cli"]);
    expect(
      out.startsWith("== Gemini CLI 0.56.0-nightly.20260806 (model) ==\n-- read_mcp_resource → model --\n"),
    ).toBe(true);
    expect(out).toContain(
      "[V] warning: A blob without mimeType: the model gets “[Binary Data (undefined)]”.\n",
    );
    expect(out).toContain("-- mention --\n@docs:x://a (works)\n");
  });
});
