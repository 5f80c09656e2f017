import type { ResourceTemplate } from "@/lib/contract";
import { displayName } from "@/lib/uri-tree";

export interface TemplateListProps {
  templates: readonly ResourceTemplate[];
}

/** Resource templates as the server lists them (a form to fill them in comes later). */
export function TemplateList({ templates }: TemplateListProps) {
  return (
    <ul className="flex flex-col divide-y divide-zinc-100">
      {templates.map((template, i) => (
        // A server may list the same template twice; the index keeps keys unique.
        <li key={`${i} ${template.uriTemplate}`} className="px-3 py-2">
          <div className="flex items-baseline justify-between gap-2">
            <p className="truncate font-medium text-zinc-900">{displayName(template)}</p>
            {template.mimeType && (
              <span className="shrink-0 text-[10px] text-zinc-400">{template.mimeType}</span>
            )}
          </div>
          <p className="mt-0.5 font-mono text-[11px] break-all text-sky-800">{template.uriTemplate}</p>
          {template.description && (
            <p className="mt-0.5 line-clamp-3 text-xs whitespace-pre-line text-zinc-600">
              {template.description}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
