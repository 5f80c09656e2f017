"use client";

import { useId, useMemo, useState } from "react";
import type { LaunchSpec, SessionSummary } from "@/lib/api/contract";
import {
  inWorkspaceFolder,
  needsWorkspaceFolder,
  parseServerConfig,
  workspaceFolderMissing,
  type ConfigInput,
} from "@/lib/import/server-config";
import { ConfigProblems } from "./config-problems";
import { ImportedServerCard } from "./imported-server-card";
import { SaveChoice } from "./save-choice";
import { useImportConnect } from "./use-import-connect";
import { useWorkspaceFolder } from "./use-workspace-folder";
import { WorkspaceFolderField } from "./workspace-folder-field";
import { Button } from "@/components/ui/button";

export interface ImportReviewProps {
  /** The pasted config, exactly as pasted (the backend reads it again when connecting). */
  text: string;
  onConnected: (session: SessionSummary) => void;
  /** Back to the paste box, keeping the text. */
  onEdit: () => void;
  /** Every confirmed server connected. */
  onDone: () => void;
  /** Shown across the workspace: the servers side by side, Connect always in view. */
  wide?: boolean;
}

/**
 * The servers a pasted config holds, each with a checkbox, and the VS Code inputs they ask for.
 * Nothing runs until "Connect N servers"; the confirmed ones are then connected, and saved when the
 * user ticked "Save to my servers".
 */
export function ImportReview({ text, onConnected, onEdit, onDone, wide = false }: ImportReviewProps) {
  const parsed = useMemo(() => parseServerConfig(text), [text]);
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set());
  const [values, setValues] = useState<Record<string, string>>({});
  const [keep, setKeep] = useState<Record<string, ReadonlySet<string>>>({});
  const [save, setSave] = useState(false);
  const [typedFolder, setTypedFolder] = useState("");
  const folder = useWorkspaceFolder(typedFolder);
  const connect = useImportConnect(onConnected);
  const formId = useId();
  const askFolder = parsed.servers.some((s) => needsWorkspaceFolder(s.launch));
  const folderPath = folder.state === "ok" ? folder.path : undefined;
  /** What the card shows: the launch in the folder once the server accepted it, else as written. */
  const shown = (launch: LaunchSpec) =>
    folderPath !== undefined ? inWorkspaceFolder(launch, folderPath) : launch;

  const chosen = parsed.servers.filter((s) => !unchecked.has(s.name));
  const inputs = new Map<string, ConfigInput>();
  for (const s of chosen) for (const i of s.inputs) if (!inputs.has(i.id)) inputs.set(i.id, i);
  const missing = [...inputs.keys()].filter((id) => !values[id]);
  if (folder.state === "bad" || (!folderPath && chosen.some((s) => needsWorkspaceFolder(s.launch))))
    missing.push("the workspace folder");
  const count = chosen.length;

  const submit = async () => {
    const names = chosen.map((s) => s.name);
    const connected = await connect.run({
      text,
      servers: names,
      inputs: Object.fromEntries([...inputs.keys()].map((id) => [id, values[id] ?? ""])),
      keep: save ? Object.fromEntries(Object.entries(keep).map(([name, set]) => [name, [...set]])) : {},
      save,
      ...(folderPath !== undefined ? { workspaceFolder: folderPath } : {}),
    });
    if (connected.length === names.length) onDone();
    // What connected is unticked, so "Connect" again retries only what failed.
    else setUnchecked((prev) => new Set([...prev, ...connected]));
  };

  return (
    <section
      aria-label="Review the servers in the config"
      className={`flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50/60 p-2.5 ${wide ? "min-h-0" : ""}`}
    >
      <p className="text-xs font-medium text-amber-900">
        {parsed.servers.length === 0
          ? "No server could be read from this config."
          : `Found ${parsed.servers.length} ${parsed.servers.length === 1 ? "server" : "servers"}. Nothing runs until you connect.`}
      </p>
      <ConfigProblems problems={parsed.problems} />
      {parsed.servers.length > 0 && (
        <ul
          className={
            wide
              ? "scrollbar-thin grid min-h-0 grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] content-start items-start gap-2 overflow-y-auto"
              : "flex flex-col gap-2"
          }
        >
          {parsed.servers.map((s) => (
            <ImportedServerCard
              key={s.name}
              server={s}
              launch={shown(s.launch)}
              blocked={
                !folderPath && needsWorkspaceFolder(s.launch) ? workspaceFolderMissing(s.name) : undefined
              }
              checked={!unchecked.has(s.name)}
              onChecked={(on) =>
                setUnchecked((prev) => {
                  const next = new Set(prev);
                  if (on) next.delete(s.name);
                  else next.add(s.name);
                  return next;
                })
              }
              saving={save}
              keep={keep[s.name] ?? new Set()}
              onKeep={(name, on) =>
                setKeep((prev) => {
                  const next = new Set(prev[s.name]);
                  if (on) next.add(name);
                  else next.delete(name);
                  return { ...prev, [s.name]: next };
                })
              }
              result={connect.results[s.name]}
            />
          ))}
        </ul>
      )}
      {askFolder && (
        <WorkspaceFolderField
          value={typedFolder}
          onChange={setTypedFolder}
          checked={folder}
          form={formId}
          disabled={connect.pending}
        />
      )}
      {inputs.size > 0 && (
        <fieldset className={`flex flex-col gap-1.5 ${wide ? "max-w-xl" : ""}`}>
          <legend className="mb-1 text-[11px] font-medium text-zinc-700">Inputs the config asks for</legend>
          {[...inputs.values()].map((input) => (
            <label key={input.id} className="flex flex-col gap-0.5 text-[11px] text-zinc-700">
              <span>
                <code className="font-mono">{input.id}</code>
                {input.description ? ` — ${input.description}` : ""}
                {input.password ? " (password: never saved)" : ""}
              </span>
              <input
                type={input.password ? "password" : "text"}
                form={formId}
                value={values[input.id] ?? ""}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setValues((v) => ({ ...v, [input.id]: e.target.value }))}
                className="rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none"
              />
            </label>
          ))}
        </fieldset>
      )}
      <SaveChoice
        value={{ save, keepValues: false }}
        onChange={(next) => setSave(next.save)}
        valueNames={[]}
        disabled={connect.pending}
      />
      <form
        id={formId}
        className="flex items-center justify-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {missing.length > 0 && count > 0 && (
          <span className="mr-auto text-[11px] text-zinc-600">Fill in {missing.join(", ")}</span>
        )}
        <Button variant="secondary" onClick={onEdit} disabled={connect.pending}>
          Edit
        </Button>
        <Button
          variant="primary"
          dimmed={40}
          type="submit"
          disabled={connect.pending || count === 0 || missing.length > 0}
        >
          {connect.pending ? "Connecting…" : `Connect ${count} ${count === 1 ? "server" : "servers"}`}
        </Button>
      </form>
    </section>
  );
}
