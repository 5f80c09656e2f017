import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ListedFacts } from "@/components/renderers/content-entry";
import { ContentItem, type ContentEntry } from "./content-item";

/** The item rendered once, on the server (no effects run): its header's text and its renderer. */
function render(item: ContentEntry, listed?: ListedFacts) {
  const html = renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(ContentItem, {
        sessionId: "s",
        readUri: item.uri,
        index: 0,
        item,
        listed,
        showUri: false,
      }),
    ),
  );
  const header = /<header[^>]*>(.*?)<\/header>/s.exec(html)?.[1] ?? "";
  return {
    html,
    header: header
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    renderer: /data-renderer="([^"]*)"/.exec(html)?.[1],
  };
}

describe("ContentItem: the listing the viewer passes down", () => {
  it("is what the item is checked against: listed type and size", () => {
    const { html } = render(
      { uri: "demo://x", mimeType: "application/json", text: "{}" },
      { mimeType: "text/plain", size: 99 },
    );
    expect(html).toContain("The content says application/json; the resource list said text/plain.");
    expect(html).toContain("The resource list says 99 bytes; the content has 2 bytes");
  });
});

describe("ContentItem: the header names the type the body renders", () => {
  it("an undeclared .md text item is markdown in both (from the URI's extension)", () => {
    const shown = render({ uri: "demo://docs/notes.md", text: "# Notes\n\nplain words" });
    expect(shown.renderer).toBe("markdown");
    expect(shown.header).toBe("text/markdown 20 B (20 bytes)");
  });

  it("names the listed type when the item declares none, and the essence of a declared one", () => {
    expect(render({ uri: "demo://x", text: "{}" }, { mimeType: "application/json" })).toMatchObject({
      header: "application/json 2 B (2 bytes)",
      renderer: "json",
    });
    expect(render({ uri: "demo://x", mimeType: 'text/plain; note="a;b"', text: "{}" })).toMatchObject({
      header: "text/plain 2 B (2 bytes)",
      renderer: "text",
    });
  });

  it("renders every image type the header names as an image (BMP and AVIF too)", () => {
    for (const mimeType of ["image/png", "image/bmp", "image/avif", "image/x-icon"]) {
      expect(render({ uri: "demo://i", mimeType, blob: "AAAA" }), mimeType).toMatchObject({
        header: `${mimeType} 3 B (3 bytes) base64 blob`,
        renderer: "image",
      });
    }
  });

  it("names no type while an undeclared blob's bytes are still being looked at", () => {
    expect(render({ uri: "demo://b", blob: "AAAA" })).toMatchObject({
      header: "3 B (3 bytes) base64 blob",
      renderer: undefined,
    });
  });
});
