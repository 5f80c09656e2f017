"use client";

import { memo, useState, type ReactNode } from "react";
import ReactMarkdown, { type Components, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeView } from "./code-view";
import { MarkdownImage } from "./markdown-image";
import { MarkdownLink } from "./markdown-link";
import { MarkdownTaskBox } from "./markdown-task-box";
import { RendererToolbar } from "./renderer-toolbar";
import { ViewSwitch } from "./view-switch";

const components: Components = { a: MarkdownLink, img: MarkdownImage, input: MarkdownTaskBox };

// Links and images keep their URL for the components above to judge; any other URL-bearing
// attribute (none arise without raw HTML) is dropped.
const urlTransform: UrlTransform = (url, key, node) =>
  (key === "href" && node.tagName === "a") || (key === "src" && node.tagName === "img") ? url : "";

// Element styles for rendered markdown (no typography plugin: a few descendant rules).
const PROSE = [
  "px-4 py-3 text-[13px] leading-6 text-zinc-800 break-words",
  "[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h1:first-child]:mt-0",
  "[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold [&_h4]:font-semibold",
  "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li>input]:mr-1.5 [&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1",
  "[&_a]:text-sky-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-200 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600",
  "[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[12px]",
  "[&_pre]:my-2 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-zinc-50 [&_pre]:border [&_pre]:border-zinc-200 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_table]:my-2 [&_table]:border-collapse [&_th]:border [&_th]:border-zinc-300 [&_th]:bg-zinc-50 [&_th]:px-2 [&_th]:py-0.5 [&_th]:text-left",
  "[&_td]:border [&_td]:border-zinc-300 [&_td]:px-2 [&_td]:py-0.5 [&_hr]:my-4 [&_hr]:border-zinc-200 [&_del]:text-zinc-500",
].join(" ");

/** A little of every construct GFM documents use, for warmMarkdown. */
const WARM_SAMPLE = [
  "# Heading",
  "Text with **bold**, _emphasis_, `code`, ~~struck~~ and a [link](https://example.com/a) <https://example.com>.",
  "## List",
  "- item\n  - nested\n- [ ] task\n- [x] done",
  "1. first\n2. second",
  "| a | b |\n|---|:-:|\n| 1 | 2 |",
  "```ts\nconst x = 1;\n```",
  "> quoted\n\n---\n\n![image](data:image/png;base64,AA==) footnote[^1]\n\n[^1]: note",
].join("\n\n");

/**
 * Runs the parser and the element builder once on a small sample, while the page is idle: the
 * first document a user opens then does not also pay for compiling them (~3× its parse time).
 */
export function warmMarkdown(): void {
  ReactMarkdown({ children: WARM_SAMPLE, remarkPlugins: [remarkGfm], components, urlTransform });
}

/**
 * Parsed once per text: the viewer above re-renders on every query change and live event it hears
 * (the watch list, marks, a re-fetch), and react-markdown parses on every render (a long document
 * costs tens of ms each time on a busy machine; issue 34: click → markdown shown).
 */
const RenderedMarkdown = memo(function RenderedMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} urlTransform={urlTransform}>
      {text}
    </ReactMarkdown>
  );
});

export interface MarkdownViewProps {
  text: string;
  actions: ReactNode;
}

/**
 * Markdown rendered with GFM and no raw HTML: react-markdown builds React elements (raw HTML in
 * the source shows as text), links go through a scheme allow-list, remote images are not loaded.
 */
export function MarkdownView({ text, actions }: MarkdownViewProps) {
  const [mode, setMode] = useState<"rendered" | "source">("rendered");
  const controls = (
    <ViewSwitch
      label="Markdown view"
      options={[
        { value: "rendered", label: "Rendered" },
        { value: "source", label: "Source" },
      ]}
      value={mode}
      onChange={setMode}
    />
  );
  if (mode === "source") {
    return (
      <CodeView
        text={text}
        language="markdown"
        actions={actions}
        controls={controls}
        label="Markdown source"
      />
    );
  }
  return (
    <div>
      <RendererToolbar actions={actions}>{controls}</RendererToolbar>
      <div role="region" aria-label="Rendered markdown" className={PROSE}>
        <RenderedMarkdown text={text} />
      </div>
    </div>
  );
}
