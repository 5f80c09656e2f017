"use client";

import { useMemo, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { contentByteLength, formatBytes } from "@/lib/content/content-kind";
import { contentWarnings } from "@/lib/content/content-checks";
import { RICH_RENDER_LIMIT_BYTES, plainTextReason, type RendererKind } from "@/lib/content/mime-dispatch";
import { longestLine } from "@/lib/content/text-lines";
import { BinaryView } from "./binary-view";
import { CodeView } from "./code-view";
import { ContentActions } from "./content-actions";
import { entryBlob, type ContentEntry, type ListedFacts } from "./content-entry";
import { ContentWarnings } from "./content-warnings";
import { HtmlView } from "./html-view";
import { ImageView } from "./image-view";
import { JsonView } from "./json-view";
import { MarkdownView } from "./markdown-view";
import { MediaView } from "./media-view";
import { Notice } from "./notice";
import { PdfView } from "./pdf-view";
import { PlainTextView } from "./plain-text-view";
import { TableView } from "./table-view";
import type { ContentDispatch } from "./use-content-dispatch";

export interface ContentBodyProps {
  sessionId: string;
  /** The URI that was read (the content route addresses items by read URI + index). */
  readUri: string;
  index: number;
  item: ContentEntry;
  /** How to render it: the same decision the item's header names (useContentDispatch). */
  content: ContentDispatch;
  /** What resources/list said about the resource; undefined when it is not listed. */
  listed: ListedFacts | undefined;
  /** How many items the read returned, and their total bytes (for the size check). */
  itemCount: number;
  readByteLength?: number | undefined;
}

/**
 * The body of one content item: the renderer lib/content/mime-dispatch.ts picks, the server's
 * contradictions above it, and Copy/Download for every item.
 */
export function ContentBody(props: ContentBodyProps) {
  const { sessionId, readUri, index, item, listed } = props;
  const { dispatch, text, sniffed } = props.content;
  const [richAnyway, setRichAnyway] = useState(false);
  // Both walk the whole text (10 MB is ~15 ms): once per item, not on every render.
  const byteLength = useMemo(() => contentByteLength(item), [item]);
  const { itemCount, readByteLength } = props;
  const warnings = useMemo(
    () =>
      contentWarnings({
        requestedUri: readUri,
        item,
        index,
        itemCount,
        readByteLength,
        listed,
      }),
    [readUri, item, index, itemCount, readByteLength, listed],
  );
  const actions = (
    <ContentActions
      sessionId={sessionId}
      readUri={readUri}
      index={index}
      item={item}
      getText={text === null ? null : () => text}
    />
  );

  // Too large to render richly, or minified: why it is shown as plain text (null: it is not).
  const plain = useMemo(() => {
    if (text === null || !dispatch) return null;
    const reason = plainTextReason(dispatch.renderer, byteLength, () => longestLine(text));
    return reason && describePlain(reason, dispatch.renderer);
  }, [text, dispatch, byteLength]);

  let body: ReactNode;
  if (!dispatch) {
    body = (
      <div className="px-3 py-4">
        <Spinner label="Looking at the bytes…" />
      </div>
    );
  } else if (plain && dispatch.renderer !== "html" && !richAnyway) {
    body = (
      <div>
        <Notice>
          {plain}{" "}
          <button
            type="button"
            onClick={() => setRichAnyway(true)}
            className="font-medium text-sky-700 hover:underline"
          >
            Render anyway
          </button>
        </Notice>
        <PlainTextView text={text ?? ""} actions={actions} />
      </div>
    );
  } else {
    body = renderBody();
  }

  function renderBody(): ReactNode {
    if (!dispatch) return null;
    const t = text ?? "";
    switch (dispatch.renderer) {
      case "markdown":
        return <MarkdownView text={t} actions={actions} />;
      case "json":
        return <JsonView text={t} actions={actions} />;
      case "code":
        return <CodeView text={t} language={dispatch.language ?? "markup"} actions={actions} />;
      case "table":
        return <TableView text={t} delimiter={dispatch.delimiter ?? ","} actions={actions} />;
      case "html":
        return (
          <HtmlView
            sessionId={sessionId}
            readUri={readUri}
            index={index}
            text={t}
            mcpApp={dispatch.mcpApp}
            plainSource={richAnyway ? null : plain}
            onHighlightAnyway={() => setRichAnyway(true)}
            actions={actions}
          />
        );
      case "text":
        return <PlainTextView text={t} actions={actions} />;
      case "image":
        return (
          <ImageView
            sessionId={sessionId}
            readUri={readUri}
            index={index}
            alt={item.uri}
            source={entryBlob(item) === undefined ? t : undefined}
            actions={actions}
          />
        );
      case "audio":
      case "video":
        return (
          <MediaView
            kind={dispatch.renderer}
            sessionId={sessionId}
            readUri={readUri}
            index={index}
            mimeType={dispatch.mimeType}
            label={item.uri}
            actions={actions}
          />
        );
      case "pdf":
        return (
          <PdfView
            sessionId={sessionId}
            readUri={readUri}
            index={index}
            base64={entryBlob(item) ?? ""}
            byteLength={byteLength}
            sniffed={sniffed}
            actions={actions}
          />
        );
      case "binary":
        return (
          <BinaryView
            base64={entryBlob(item) ?? ""}
            mimeType={dispatch.mimeType}
            byteLength={byteLength}
            sniffed={sniffed}
            actions={actions}
          />
        );
      default:
        // A RendererKind without a case above fails `tsc` here, rather than rendering nothing
        // unnoticed (content-body.test.ts also renders every kind).
        dispatch.renderer satisfies never;
        return null;
    }
  }

  return (
    <div data-renderer={dispatch?.renderer}>
      <ContentWarnings warnings={warnings} />
      {dispatch && dispatch.source !== "content" && dispatch.source !== "listed" && (
        <p className="border-b border-zinc-100 px-3 py-1 text-[11px] text-zinc-500">
          No type declared: shown as {dispatch.mimeType} (
          {dispatch.source === "bytes"
            ? "from its bytes"
            : dispatch.source === "extension"
              ? "from the URI's extension"
              : "default"}
          ).
        </p>
      )}
      {body}
    </div>
  );
}

function describePlain(reason: { kind: "size" | "line"; detail: number }, renderer: RendererKind): string {
  const without =
    renderer === "markdown" ? "markdown rendering" : renderer === "table" ? "the table" : "highlighting";
  return reason.kind === "size"
    ? `${formatBytes(reason.detail)} is over ${formatBytes(RICH_RENDER_LIMIT_BYTES)}: shown as plain text, without ${without}.`
    : `A line of ${reason.detail.toLocaleString("en")} characters (minified?) is too long to highlight: shown as plain text.`;
}
