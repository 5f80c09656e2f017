"use client";

import { useMemo, useState, type FormEvent } from "react";
import type { ResourceTemplate } from "@/lib/api/contract";
import {
  expandTemplate,
  parseTemplate,
  templateVariables,
  type TemplateValues,
} from "@/lib/resources/uri-template";
import { TemplateField } from "./template-field";
import { useRecentValues } from "./use-recent-values";
import { Button } from "@/components/ui/button";

export interface TemplateFormProps {
  sessionId: string;
  serverName: string;
  template: ResourceTemplate;
  canComplete: boolean;
  /** Values to start with (from a pasted URI that matched this template). */
  initialValues?: Record<string, string>;
  onRead: (uri: string) => void;
}

/** Template values as RFC 6570 wants them: blank = unset, a list variable split on commas. */
function toTemplateValues(values: Record<string, string>, lists: ReadonlySet<string>): TemplateValues {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === "") continue;
    out[name] = lists.has(name) ? value.split(",") : value;
  }
  return out;
}

/** One field per variable, the expanded URI live, Read, and the recently used values. */
export function TemplateForm({
  sessionId,
  serverName,
  template,
  canComplete,
  initialValues,
  onRead,
}: TemplateFormProps) {
  const parsed = useMemo(() => {
    try {
      const parts = parseTemplate(template.uriTemplate);
      return { parts, variables: templateVariables(template.uriTemplate), error: null };
    } catch (error) {
      return { parts: [], variables: [], error: error instanceof Error ? error.message : String(error) };
    }
  }, [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>(initialValues ?? {});
  const { recent, remember } = useRecentValues(serverName, template.uriTemplate);
  const lists = useMemo(
    () => new Set(parsed.variables.filter((v) => v.explode).map((v) => v.name)),
    [parsed],
  );
  const expanded = parsed.error ? null : expandTemplate(parsed.parts, toTemplateValues(values, lists));

  if (parsed.error) {
    return <p className="text-xs text-rose-700">This is not a valid RFC 6570 template: {parsed.error}</p>;
  }
  const filled = (except: string) =>
    Object.fromEntries(Object.entries(values).filter(([name, v]) => name !== except && v !== ""));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (expanded === null) return;
    remember(values);
    onRead(expanded);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`Fill in ${template.uriTemplate}`}
      className="mt-2 flex flex-col gap-2"
    >
      {parsed.variables.map((variable) => (
        <TemplateField
          key={variable.name}
          variable={variable}
          value={values[variable.name] ?? ""}
          onChange={(v) => setValues((current) => ({ ...current, [variable.name]: v }))}
          sessionId={sessionId}
          uriTemplate={template.uriTemplate}
          context={filled(variable.name)}
          canComplete={canComplete}
        />
      ))}
      <div className="flex flex-col gap-0.5">
        <span className="text-[10px] font-medium text-zinc-500 uppercase">Expands to</span>
        <output
          aria-label="Expanded URI"
          className="rounded border border-zinc-200 bg-zinc-50 px-2 py-1 font-mono text-[11px] break-all text-zinc-900"
        >
          {expanded}
        </output>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="primary" dimmed="none" type="submit">
          Read
        </Button>
        {recent.length > 0 && (
          <div className="flex min-w-0 flex-wrap items-center gap-1 text-[11px]">
            <span className="text-zinc-500">Recent:</span>
            {recent.map((entry) => {
              const label = Object.values(entry).join(" · ");
              return (
                <button
                  key={JSON.stringify(entry)}
                  type="button"
                  onClick={() => setValues(entry)}
                  title={`Fill in ${Object.entries(entry)
                    .map(([k, v]) => `${k} = ${v}`)
                    .join(", ")}`}
                  className="max-w-[10rem] truncate rounded-full border border-zinc-300 bg-white px-2 font-mono text-zinc-700 hover:bg-zinc-100"
                >
                  {label}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </form>
  );
}
