"use client";

import type { ReactNode } from "react";
import { BodyPortal } from "@/components/ui/body-portal";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

export interface ModalDialogProps {
  title: string;
  /** Beside the title (what the dialog is about). */
  subtitle?: ReactNode;
  /** Escape, the close button, or a click on the backdrop. */
  onClose: () => void;
  /** Pinned below the scrolling body. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A large modal dialog on the native `<dialog>` (showModal): the browser keeps focus inside,
 * makes the rest inert, closes on Escape and restores focus when it closes. Mounted = open.
 */
export function ModalDialog({ title, subtitle, onClose, footer, children }: ModalDialogProps) {
  const { ref, titleId, close, onBackdropClick } = useModalDialog(onClose);

  return (
    <BodyPortal>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        onClick={onBackdropClick}
        className="m-auto h-[min(56rem,92vh)] max-h-none w-[min(76rem,96vw)] max-w-none flex-col overflow-clip rounded-lg border border-zinc-300 bg-zinc-50 p-0 text-sm text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 open:flex"
      >
        <div className="flex h-10 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-4">
          <h2 id={titleId} className="text-sm font-semibold">
            {title}
          </h2>
          {subtitle && <span className="min-w-0 truncate text-xs text-zinc-500">{subtitle}</span>}
          <button
            type="button"
            onClick={close}
            aria-label={`Close ${title.toLowerCase()}`}
            className="ml-auto rounded p-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900"
          >
            <StrokeIcon d="M4 4l8 8M12 4l-8 8" />
          </button>
        </div>
        <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">{children}</div>
        {footer && <div className="shrink-0 border-t border-zinc-200 bg-white px-4 py-2">{footer}</div>}
      </dialog>
    </BodyPortal>
  );
}
