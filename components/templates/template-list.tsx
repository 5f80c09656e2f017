"use client";

import { useState } from "react";
import { useSelect } from "@/components/workspace/use-selection";
import type { ResourceTemplate, SessionSummary } from "@/lib/api/contract";
import { OpenUriBox, type TemplateMatch } from "./open-uri-box";
import { TemplateCard } from "./template-card";

export interface TemplateListProps {
  session: SessionSummary;
  templates: readonly ResourceTemplate[];
}

/**
 * "Open URI" (any URI, with the templates it fits), then each template with a form that expands
 * it (RFC 6570) and reads the result in the viewer.
 */
export function TemplateList({ session, templates }: TemplateListProps) {
  const select = useSelect();
  const [open, setOpen] = useState<{ index: number; values?: Record<string, string> } | null>(null);
  const read = (uri: string) => select({ serverId: session.id, uri });
  const edit = (match: TemplateMatch) =>
    setOpen({
      index: match.index,
      values: Object.fromEntries(
        Object.entries(match.values).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]),
      ),
    });

  return (
    <>
      <OpenUriBox templates={templates} onRead={read} onEdit={edit} />
      {templates.length === 0 ? (
        <p className="px-3 py-2 text-xs text-zinc-500">No resource templates.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-100">
          {templates.map((template, i) => (
            // A server may list the same template twice; the index keeps keys unique. The open form
            // remounts (key) when a pasted URI refills it.
            <TemplateCard
              key={`${i} ${template.uriTemplate} ${open?.index === i ? JSON.stringify(open.values ?? {}) : ""}`}
              template={template}
              sessionId={session.id}
              serverName={session.serverInfo?.name ?? session.name}
              canComplete={session.capabilities?.completions !== undefined}
              open={open?.index === i}
              onToggle={() => setOpen(open?.index === i ? null : { index: i })}
              initialValues={open?.index === i ? open.values : undefined}
              onRead={read}
            />
          ))}
        </ul>
      )}
    </>
  );
}
