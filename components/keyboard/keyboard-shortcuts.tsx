"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { dispatchKey, isTypingTarget, type DispatchState } from "./dispatch";
import { runShortcut } from "./run-shortcut";

// The sheet loads on first open: the first page's script budget (e2e/bench-smoke.spec.ts).
const ShortcutSheet = lazy(() => import("./shortcut-sheet").then((m) => ({ default: m.ShortcutSheet })));

/**
 * The page's one keydown listener for shortcuts, plus the button and sheet that list them.
 * Mounted once, in the header bar.
 */
export function KeyboardShortcuts() {
  const [sheetOpen, setSheetOpen] = useState(false);
  const state = useRef<DispatchState>({ pendingSince: null });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target;
      const { action, state: next } = dispatchKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          typing: isTypingTarget(target),
          inFilter: target instanceof HTMLElement && target.dataset.shortcut === "filter",
          modalOpen: document.querySelector("dialog[open]") !== null,
          repeat: event.repeat,
          now: performance.now(),
        },
        state.current,
      );
      state.current = next;
      if (!action) return;
      if (action === "show-help") setSheetOpen(true);
      else if (!runShortcut(action)) return;
      // The key did its job: "/" is not typed into the filter it focused, Esc does not clear it.
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setSheetOpen(true)}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        aria-keyshortcuts="Shift+?"
        className="rounded border border-zinc-600 px-1.5 font-mono text-[11px] text-zinc-100 hover:bg-zinc-800"
      >
        ?
      </button>
      {sheetOpen && (
        <Suspense fallback={null}>
          <ShortcutSheet onClose={() => setSheetOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
