"use client";

import { Fragment } from "react";
import { BodyPortal } from "@/components/ui/body-portal";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { SHORTCUTS } from "./dispatch";

export interface ShortcutSheetProps {
  onClose: () => void;
}

/**
 * Every shortcut, in a native modal `<dialog>`: focus stays inside, Escape closes it, and focus
 * returns where it was. Mounted = open.
 */
export function ShortcutSheet({ onClose }: ShortcutSheetProps) {
  const { ref, titleId, close, onBackdropClick } = useModalDialog(onClose);

  return (
    <BodyPortal>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        onClick={onBackdropClick}
        className="m-auto w-[min(26rem,94vw)] rounded-lg border border-zinc-300 bg-white p-0 text-sm text-zinc-900 shadow-xl backdrop:bg-zinc-950/40"
      >
        <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2">
          <h2 id={titleId} className="text-sm font-semibold">
            Keyboard shortcuts
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close keyboard shortcuts"
            className="ml-auto rounded p-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <StrokeIcon d="M4 4l8 8M12 4l-8 8" />
          </button>
        </div>
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
      </dialog>
    </BodyPortal>
  );
}
