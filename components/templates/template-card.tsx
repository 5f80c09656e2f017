"use client";

import { useId } from "react";
import type { ResourceTemplate } from "@/lib/api/contract";
import { displayName } from "@/lib/resources/uri-tree";
import { TemplateForm } from "./template-form";

export interface TemplateCardProps {
  template: ResourceTemplate;
  sessionId: string;
  serverName: string;
  canComplete: boolean;
  open: boolean;
  onToggle: () => void;
  initialValues?: Record<string, string> | undefined;
  onRead: (uri: string) => void;
}

/** A template as the server lists it, and a disclosure with its form. */
export function TemplateCard({ template, open, onToggle, ...form }: TemplateCardProps) {
  const panel = useId();
  return (
    <li className="px-3 py-2">
      <div className="flex items-baseline justify-between gap-2">
        <p className="truncate font-medium text-zinc-900">{displayName(template)}</p>
        {template.mimeType && <span className="shrink-0 text-[10px] text-zinc-400">{template.mimeType}</span>}
      </div>
      <p className="mt-0.5 font-mono text-[11px] break-all text-sky-800">{template.uriTemplate}</p>
      {template.description && (
        <p className="mt-0.5 line-clamp-3 text-xs whitespace-pre-line text-zinc-600">
          {template.description}
        </p>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={onToggle}
        className="mt-1 text-[11px] font-medium text-sky-700 hover:underline"
      >
        {open ? "Close form" : `Fill in ${displayName(template)}`}
      </button>
      <div id={panel} hidden={!open}>
        {open && <TemplateForm template={template} {...form} />}
      </div>
    </li>
  );
}
