"use client";

import { useEffect, useId, useRef, type MouseEvent } from "react";

/**
 * A native modal `<dialog>` that is open while mounted (showModal): the browser keeps focus
 * inside, makes the rest inert, closes on Escape and restores focus when it closes. `onClose` is
 * called once it closed, however that happened (Escape, a close button, the backdrop).
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // A close queued before a remount (React's dev double effects) finds the dialog open again.
    const closed = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener("close", closed);
    return () => {
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
    };
  }, []);

  return {
    ref,
    titleId,
    close: () => ref.current?.close(),
    /** A click on the dialog element itself is a click on the backdrop around the panel. */
    onBackdropClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) e.currentTarget.close();
    },
  };
}
