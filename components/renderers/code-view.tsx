"use client";

import { Highlight } from "prism-react-renderer";
import { useMemo, useState, type ReactNode } from "react";
import type { CodeLanguage } from "@/lib/content/mime-dispatch";
import { codeRows, type CodeToken } from "./code-rows";
import { codeTheme } from "./code-theme";
import { Prism } from "./prism-languages";
import { RendererToolbar } from "./renderer-toolbar";
import { ToggleOption } from "./toggle-option";
import { VirtualLines } from "./virtual-lines";

export interface CodeViewProps {
  text: string;
  language: CodeLanguage;
  actions: ReactNode;
  controls?: ReactNode;
  label?: string;
}

/**
 * Highlighted source: Prism tokens rendered as React elements (prism-react-renderer, never
 * innerHTML), with line numbers, soft wrap, and only the visible rows in the DOM (a long line is
 * cut into rows, components/renderers/code-rows.ts).
 */
export function CodeView({ text, language, actions, controls, label = "Source" }: CodeViewProps) {
  const [wrap, setWrap] = useState(false);
  const grammar = Prism.languages[language] ? language : "plain";
  return (
    <Highlight prism={Prism} theme={codeTheme} code={text.replace(/\n$/, "")} language={grammar}>
      {({ tokens, getTokenProps }) => (
        <div>
          <RendererToolbar actions={actions}>
            {controls}
            <ToggleOption label="Wrap lines" checked={wrap} onChange={setWrap} />
            <span className="text-zinc-500">
              {language} · {tokens.length.toLocaleString("en")} {tokens.length === 1 ? "line" : "lines"}
            </span>
          </RendererToolbar>
          <CodeLines tokens={tokens} wrap={wrap} label={label} getTokenProps={getTokenProps} />
        </div>
      )}
    </Highlight>
  );
}

interface CodeLinesProps {
  tokens: CodeToken[][];
  wrap: boolean;
  label: string;
  getTokenProps: (input: { token: CodeToken }) => {
    children?: ReactNode;
    className?: string;
    style?: object;
  };
}

function CodeLines({ tokens, wrap, label, getTokenProps }: CodeLinesProps) {
  const rows = useMemo(() => codeRows(tokens), [tokens]);
  return (
    <VirtualLines
      key={wrap ? "wrap" : "nowrap"}
      count={rows.length}
      lineNumberOf={(i) => rows[i]?.line ?? 0}
      lastLineNumber={tokens.length}
      wrap={wrap}
      label={label}
      renderRow={(i): ReactNode =>
        rows[i]?.tokens.map((token, k) => {
          const { children, className, style } = getTokenProps({ token });
          return (
            <span key={k} className={className} style={style}>
              {children}
            </span>
          );
        })
      }
    />
  );
}
