"use client";

import type { WorkspaceFolderState } from "./use-workspace-folder";

export interface WorkspaceFolderFieldProps {
  value: string;
  onChange: (value: string) => void;
  checked: WorkspaceFolderState;
  /** The review's form, so Enter here submits it. */
  form: string;
  disabled?: boolean;
}

/**
 * The one field a pasted VS Code config needs when its servers use `${workspaceFolder}`: VS Code
 * takes it from the open folder, a paste has none, and the app's own folder is not the user's.
 */
export function WorkspaceFolderField({
  value,
  onChange,
  checked,
  form,
  disabled,
}: WorkspaceFolderFieldProps) {
  return (
    <label className="flex max-w-xl flex-col gap-0.5 text-[11px] text-zinc-700">
      <span className="font-medium">Workspace folder</span>
      <span className="text-zinc-600">
        <code className="font-mono">{"${workspaceFolder}"}</code> is the folder VS Code has open; servers
        without a <code className="font-mono">cwd</code> run there. An absolute path on this machine.
      </span>
      <input
        type="text"
        form={form}
        value={value}
        disabled={disabled}
        placeholder="/home/you/project"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={checked.state === "bad"}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs focus:border-sky-600 focus:ring-2 focus:ring-sky-600/20 focus:outline-none aria-invalid:border-red-400"
      />
      {checked.state === "checking" && <span className="text-zinc-500">Checking…</span>}
      {checked.state === "bad" && (
        <span role="alert" className="text-red-700">
          {checked.error}
        </span>
      )}
    </label>
  );
}
