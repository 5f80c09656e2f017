import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { expectOnlySeededQueries, renderWithQueries } from "@/components/testing/query-client";
import { stdioSession } from "@/components/testing/sessions";
import type { ReadResponse, Resource, ResourceListResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { HostLens } from "./host-lens";
import { setHostServerName } from "./use-host-server-name";

expectOnlySeededQueries();

const session = stdioSession({ id: "lens1", name: "demo" });
afterEach(() => setHostServerName(session.id, null));

function renderLens(uri: string, listed: Resource[], contents: ReadResponse["contents"]) {
  return renderWithQueries(<HostLens session={session} uri={uri} />, (client) => {
    client.setQueryData<ResourceListResponse>(queryKeys.resources(session.id), {
      resources: listed,
      pages: 1,
    });
    client.setQueryData<ReadResponse>(queryKeys.read(session.id, uri), { contents });
  });
}

/** The exact text of a host's block (the <pre> under the group named by its title). */
function blockText(host: string, title: string): string | null {
  const card = screen.getByRole("region", { name: host });
  return within(card).getByRole("group", { name: title }).querySelector("pre")!.textContent;
}

/** The text of Gemini CLI's note of a level (its fact line aside). */
function geminiNote(level: string): string | null {
  const notes = within(screen.getByRole("region", { name: "Gemini CLI" })).getByRole("list", {
    name: "Notes",
  });
  return notes.querySelector(`[data-level="${level}"] > span`)!.textContent;
}

function mentionOf(host: string) {
  return within(screen.getByRole("region", { name: host })).getByRole("group", { name: "Mention" });
}

const DOC = "demo://docs/a.md";
const docListed: Resource[] = [{ uri: DOC, name: "a.md", mimeType: "text/markdown" }];
const docContents = [{ uri: DOC, mimeType: "text/markdown", text: "# Hello\n" }];

describe("HostLens", () => {
  it("a text read: each host's exact text, the mention, Claude Code's token budget", () => {
    renderLens(DOC, docListed, docContents);
    expect(blockText("Gemini CLI", "read_mcp_resource → model")).toBe("# Hello\n\n");
    expect(blockText("Gemini CLI", "@demo:demo://docs/a.md → prompt")).toBe(
      "@demo:demo://docs/a.md\n--- Content from referenced files ---\nContent from @demo://docs/a.md:\n# Hello\n\n--- End of content ---",
    );
    const mention = mentionOf("Gemini CLI");
    expect(within(mention).getByText("@demo:demo://docs/a.md")).toBeTruthy();
    expect(within(mention).getByText("works")).toBeTruthy();

    const claude = screen.getByRole("region", { name: "Claude Code" });
    expect(within(claude).getByText("≈ 2 tokens · warns at 10,000 · limit 25,000")).toBeTruthy();
    expect(within(claude).getByText("2.1.240")).toBeTruthy();
    expect(blockText("Claude Code", "ReadMcpResourceTool → model")).toBe(
      JSON.stringify({ contents: [{ uri: DOC, mimeType: "text/markdown", text: "# Hello\n" }] }, null, 2),
    );

    const vscode = screen.getByRole("region", { name: "VS Code" });
    expect(within(vscode).getByText("user attaches it")).toBeTruthy();
    expect(blockText("VS Code", "Attachment URI")).toBe("mcp-resource://64656d6f/demo/docs/a.md");
    expect(blockText("VS Code", "File attachment (item 1)")).toBe("# Hello\n");

    expect(
      within(screen.getByRole("region", { name: "Codex CLI" })).getByText("model reads it"),
    ).toBeTruthy();
    expect(blockText("Codex CLI", "read_mcp_resource → model")).toBe(
      '{"server":"demo","uri":"demo://docs/a.md","contents":[{"uri":"demo://docs/a.md","mimeType":"text/markdown","text":"# Hello\\n"}]}',
    );
  });

  it("Copy mention puts the mention on the clipboard and says Copied", async () => {
    const user = userEvent.setup();
    renderLens(DOC, docListed, docContents);
    const copy = within(mentionOf("Gemini CLI")).getByRole("button", { name: "Copy mention" });
    await user.click(copy);
    expect(copy.textContent).toBe("Copied");
    expect(await navigator.clipboard.readText()).toBe("@demo:demo://docs/a.md");
  });

  it("a blob read: placeholders as text, images from the read's own base64 through <img> only", () => {
    const uri = "demo://images/logo.png";
    const blob = "iVBORw0KGgo=";
    const { container } = renderLens(
      uri,
      [{ uri, name: "logo.png", mimeType: "image/png" }],
      [{ uri, mimeType: "image/png", blob }],
    );
    expect(blockText("Gemini CLI", "read_mcp_resource → model")).toBe("[Binary Data (image/png)]\n");
    expect(blockText("Gemini CLI", "@demo:demo://images/logo.png → prompt")).toBe(
      "@demo:demo://images/logo.png\n--- Content from referenced files ---\nContent from @demo://images/logo.png:\n[Binary resource content image/png, 8 bytes]\n--- End of content ---",
    );
    const gemini = screen.getByRole("region", { name: "Gemini CLI" });
    expect(
      within(gemini).getByText("The model gets “[Binary Data (image/png)]”, never the bytes."),
    ).toBeTruthy();

    const claudeImage = within(screen.getByRole("region", { name: "Claude Code" })).getByRole("img", {
      name: "Image block (item 1)",
    });
    expect(claudeImage.getAttribute("src")).toBe(`data:image/png;base64,${blob}`);
    const vscodeImage = within(screen.getByRole("region", { name: "VS Code" })).getByRole("img", {
      name: "Image attachment (item 1)",
    });
    expect(vscodeImage.getAttribute("src")).toBe(`data:image/png;base64,${blob}`);
    expect(blockText("Codex CLI", "read_mcp_resource → model")).toBe(
      `{"server":"demo","uri":"${uri}","contents":[{"uri":"${uri}","mimeType":"image/png","blob":"${blob}"}]}`,
    );
    // Only the two image blocks are images; nothing else of the server's becomes an element.
    expect(container.querySelectorAll("img")).toHaveLength(2);
    expect(container.querySelector("iframe, script, object, embed")).toBeNull();
  });

  it("an image type hosts do not send as an image is never rendered (SVG stays a placeholder)", () => {
    const uri = "demo://images/badge.svg";
    const { container } = renderLens(
      uri,
      [{ uri, name: "badge.svg", mimeType: "image/svg+xml" }],
      [{ uri, mimeType: "image/svg+xml", blob: btoa("<svg onload='alert(1)'/>") }],
    );
    expect(container.querySelector("img")).toBeNull();
    expect(blockText("Gemini CLI", "read_mcp_resource → model")).toBe("[Binary Data (image/svg+xml)]\n");
  });

  it("a URI with “?” breaks Gemini CLI's mention: why, and the escaped form that works", () => {
    const uri = "demo://search?q=mcp";
    renderLens(uri, [{ uri, name: "search" }], [{ uri, text: "results" }]);
    const mention = mentionOf("Gemini CLI");
    expect(within(mention).getByText("@demo:demo://search?q=mcp")).toBeTruthy();
    expect(within(mention).getByText("does not work")).toBeTruthy();
    // Why, once: in Gemini CLI's note with the fact behind it, not again under the mention.
    expect(geminiNote("error")).toBe(
      "error: Typed as is, the mention is cut at the “?” (position 14). Escaped, it works: @demo:demo://search\\?q=mcp",
    );
    expect(mention.querySelector("[data-mention-why]")).toBeNull();
    expect(within(mention).getByText("@demo:demo://search\\?q=mcp")).toBeTruthy();
    expect(within(mention).getByRole("button", { name: "Copy escaped mention" })).toBeTruthy();
    // Claude Code's parser is undocumented: it works, with a caution.
    expect(mentionOf("Claude Code").querySelector("[data-mention-why]")!.textContent).toBe(
      "Parsing is undocumented; in Gemini CLI the mention is cut at the “?” (position 14).",
    );
  });

  it("a server renamed with “:” in the host's config: every host renders it live; Gemini CLI's mention fails", async () => {
    renderLens(DOC, docListed, docContents);
    const field = screen.getByRole("textbox", { name: "Server name in the host's config" });
    expect((field as HTMLInputElement).value).toBe("demo");
    await userEvent.clear(field);
    await userEvent.type(field, "my:server");

    const mention = mentionOf("Gemini CLI");
    expect(within(mention).getByText("@my:server:demo://docs/a.md")).toBeTruthy();
    expect(within(mention).getByText("does not work")).toBeTruthy();
    expect(geminiNote("error")).toBe(
      "error: The server name “my:server” contains “:”; Gemini CLI splits at the first colon, so no mention can reach this server. Rename it in settings.json.",
    );
    // No escaped form: escaping cannot take a colon out of the name.
    expect(within(mention).queryByRole("button", { name: "Copy escaped mention" })).toBeNull();
    expect(mentionOf("Claude Code").querySelector("[data-mention-why]")!.textContent).toBe(
      "“my:server” is not a name `claude mcp add` accepts (letters, digits, - and _ only); how a mention with it is split is undocumented.",
    );
    expect(blockText("Codex CLI", "read_mcp_resource → model")).toMatch(/^\{"server":"my:server",/);
    expect(blockText("VS Code", "Attachment URI")).toBe("mcp-resource://6d793a736572766572/demo/docs/a.md");

    await userEvent.click(screen.getByRole("button", { name: "Reset to “demo”" }));
    expect(within(mentionOf("Gemini CLI")).getByText("works")).toBeTruthy();
  });

  it("a 10 MB text puts at most 100,000 characters of each block in the page; Copy all has the rest", () => {
    const text = "x".repeat(10_000_000);
    const { container } = renderLens(DOC, docListed, [{ uri: DOC, mimeType: "text/plain", text }]);
    const pres = [...container.querySelectorAll("pre")];
    expect(pres.length).toBeGreaterThanOrEqual(5);
    for (const pre of pres) expect(pre.textContent.length).toBeLessThanOrEqual(100_000);
    const gemini = within(screen.getByRole("region", { name: "Gemini CLI" }));
    // The text and the newline Gemini CLI adds: 10,000,001 characters, 100,000 shown.
    expect(gemini.getByText(/… 9,900,001 more characters/)).toBeTruthy();
    expect(gemini.getAllByRole("button", { name: "Copy all" }).length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole("region", { name: "Claude Code" })).getByText(
        "≈ 2,500,000 tokens · warns at 10,000 · limit 25,000",
      ),
    ).toBeTruthy();
  });

  it("a collapsed host is not computed; facts show their certainty and link to their source safely", async () => {
    const { container } = renderLens(DOC, docListed, docContents);
    const toggle = within(screen.getByRole("region", { name: "Codex CLI" })).getByRole("button", {
      name: "Codex CLI",
    });
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(screen.getByRole("region", { name: "Codex CLI" })).queryByRole("group")).toBeNull();

    renderLens("demo://unlisted", docListed, [{ uri: "demo://unlisted", text: "t" }]);
    expect(
      screen.getAllByText("This URI is not in the server's list: Gemini CLI cannot read it."),
    ).toHaveLength(1);
    const badges = [...container.ownerDocument.querySelectorAll<HTMLElement>("[data-certainty]")];
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges)
      expect(badge.title).toBe(
        badge.dataset.certainty === "inferred"
          ? "inferred: reasoned, not read in the host's code"
          : "verified: read in the host's code, docs or a maintainer's word",
      );
    for (const link of container.ownerDocument.querySelectorAll("a")) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noreferrer noopener");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
    }
  });
});
