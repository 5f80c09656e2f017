"use client";

import { Highlight, themes } from "prism-react-renderer";
import { useState, type ReactNode } from "react";
import type { CodeLanguage } from "@/lib/mime-dispatch";
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
 * innerHTML), with line numbers, soft wrap, and only the visible lines in the DOM.
 */
export function CodeView({ text, language, actions, controls, label = "Source" }: CodeViewProps) {
  const [wrap, setWrap] = useState(false);
  const grammar = Prism.languages[language] ? language : "plain";
  return (
    <Highlight prism={Prism} theme={themes.github} code={text.replace(/\n$/, "")} language={grammar}>
      {({ tokens, getTokenProps }) => (
        <div>
          <RendererToolbar actions={actions}>
            {controls}
            <ToggleOption label="Wrap lines" checked={wrap} onChange={setWrap} />
            <span className="text-zinc-500">
              {language} · {tokens.length.toLocaleString("en")} {tokens.length === 1 ? "line" : "lines"}
            </span>
          </RendererToolbar>
          <VirtualLines
            key={wrap ? "wrap" : "nowrap"}
            count={tokens.length}
            lineNumberOf={(i) => i + 1}
            lastLineNumber={tokens.length}
            wrap={wrap}
            label={label}
            renderRow={(i): ReactNode =>
              tokens[i]?.map((token, k) => {
                const { children, className, style } = getTokenProps({ token });
                return (
                  <span key={k} className={className} style={style}>
                    {children}
                  </span>
                );
              })
            }
          />
        </div>
      )}
    </Highlight>
  );
}
