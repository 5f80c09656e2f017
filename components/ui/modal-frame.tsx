"use client";

import type { ReactNode } from "react";
import { BodyPortal } from "@/components/ui/body-portal";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

export interface ModalFrameProps {
  /** The heading, which names the dialog. */
  title: string;
  /** The close button's name; "Close <title>" unless given. */
  closeLabel?: string;
  /** Beside the title (what the dialog is about). */
  subtitle?: ReactNode;
  /** `sheet`: a narrow panel as tall as its content; `large`: most of the window, the body scrolls. */
  size: "sheet" | "large";
  /** Escape, the close button, the backdrop, or a `close` handed to children. */
  onClose: () => void;
  /** Pinned below the scrolling body (`large`). */
  footer?: ReactNode;
  /** The body; a function is handed `close`, for a Close button of its own. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

const PANEL =
  "m-auto rounded-lg border border-zinc-300 p-0 text-sm text-zinc-900 shadow-xl backdrop:bg-zinc-950/40";
const SIZE = {
  sheet: {
    dialog: "w-[min(26rem,94vw)] bg-white",
    header: "border-b border-zinc-200 px-4 py-2",
  },
  large: {
    dialog:
      "h-[min(56rem,92vh)] max-h-none w-[min(76rem,96vw)] max-w-none flex-col overflow-clip bg-zinc-50 open:flex",
    header: "h-10 shrink-0 border-b border-zinc-200 bg-white px-4",
  },
} as const;

/**
 * Every modal of the page: a native `<dialog>` opened with showModal while mounted (the browser
 * keeps focus inside, makes the rest inert, closes on Escape and restores focus when it closes),
 * rendered under `<body>` so it takes the page's theme, with a titled header and a close button.
 */
export function ModalFrame({
  title,
  closeLabel,
  subtitle,
  size,
  onClose,
  footer,
  children,
}: ModalFrameProps) {
  const { ref, titleId, close, onBackdropClick } = useModalDialog(onClose);
  const layout = SIZE[size];
  const body = typeof children === "function" ? children(close) : children;

  return (
    <BodyPortal>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        onClick={onBackdropClick}
        className={`${PANEL} ${layout.dialog}`}
      >
        <div className={`flex items-center gap-3 ${layout.header}`}>
          <h2 id={titleId} className="min-w-0 truncate text-sm font-semibold" title={title}>
            {title}
          </h2>
          {subtitle && <span className="min-w-0 flex-1 truncate text-xs text-zinc-500">{subtitle}</span>}
          <button
            type="button"
            onClick={close}
            aria-label={closeLabel ?? `Close ${title.toLowerCase()}`}
            className="ml-auto shrink-0 rounded p-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <StrokeIcon d="M4 4l8 8M12 4l-8 8" />
          </button>
        </div>
        {size === "large" ? (
          <>
            <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto">{body}</div>
            {footer && <div className="shrink-0 border-t border-zinc-200 bg-white px-4 py-2">{footer}</div>}
          </>
        ) : (
          body
        )}
      </dialog>
    </BodyPortal>
  );
}
