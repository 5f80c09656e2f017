import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RENDERER_KINDS, type RendererKind } from "@/lib/content/mime-dispatch";
import { ContentBody } from "./content-body";

/** ContentBody given a decision for `renderer` outright, rendered once on the server. */
function renderAs(renderer: RendererKind): string {
  const textual = !["image", "audio", "video", "pdf", "binary"].includes(renderer);
  const item = textual ? { uri: "demo://x", text: "hello" } : { uri: "demo://x", blob: "AAECAw==" };
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(ContentBody, {
        sessionId: "s",
        readUri: "demo://x",
        index: 0,
        item,
        content: {
          dispatch: { renderer, mimeType: "x/y", params: {}, source: "content", textual, mcpApp: false },
          text: textual ? "hello" : null,
          sniffed: undefined,
        },
        listed: undefined,
        itemCount: 1,
      }),
    ),
  );
}

describe("ContentBody", () => {
  it.each(RENDERER_KINDS)("has a body for the %s renderer", (renderer) => {
    const html = renderAs(renderer);
    expect(html).toMatch(new RegExp(`^<div data-renderer="${renderer}"><`));
    expect(html.replace(/<[^>]*>/g, "").trim()).not.toBe("");
  });

  it("cannot compile a switch over renderer kinds that misses one (the check renderBody ends with)", () => {
    const incomplete = (kind: RendererKind): string => {
      switch (kind) {
        case "markdown":
          return "markdown";
        default:
          // @ts-expect-error -- every kind but markdown reaches here: `tsc` fails if this ever compiles
          return kind satisfies never;
      }
    };
    expect(incomplete("markdown")).toBe("markdown");
  });
});
