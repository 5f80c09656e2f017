"use client";

import { Fragment } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { SHORTCUTS } from "./dispatch";

export interface ShortcutSheetProps {
  onClose: () => void;
}

/** Every shortcut, in a modal sheet (focus stays inside, Escape closes it). Mounted = open. */
export function ShortcutSheet({ onClose }: ShortcutSheetProps) {
  return (
    <ModalFrame size="sheet" title="Keyboard shortcuts" onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 px-4 py-3">
        {SHORTCUTS.map((s) => (
          <Fragment key={s.action}>
            <dt className="flex gap-1">
              {s.keys.map((k, i) => (
                <Fragment key={i}>
                  {i > 0 && <span className="text-zinc-600">then</span>}
                  <kbd className="min-w-6 rounded border border-zinc-300 bg-zinc-50 px-1.5 text-center font-mono text-xs text-zinc-800">
                    {k}
                  </kbd>
                </Fragment>
              ))}
            </dt>
            <dd className="text-zinc-700">{s.label}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="border-t border-zinc-200 px-4 py-2 text-xs text-zinc-600">
        Shortcuts do nothing while you type in a field, or with Ctrl, Alt or ⌘ held.
      </p>
    </ModalFrame>
  );
}
