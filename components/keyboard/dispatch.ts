/**
 * Which shortcut a key press means, as a pure rule table (tested in dispatch.test.ts); the one
 * keydown listener (keyboard-shortcuts.tsx) turns the answer into a DOM action.
 */

export type ShortcutAction =
  | "focus-filter"
  | "leave-filter"
  | "focus-servers"
  | "previous-server"
  | "next-server"
  | "toggle-watch"
  | "re-read"
  | "copy-uri"
  | "show-help";

/** What the sheet lists, in order; `keys` as the user presses them. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: ShortcutAction; label: string }[] = [
  { keys: ["/"], action: "focus-filter", label: "Focus the resource filter" },
  { keys: ["Esc"], action: "leave-filter", label: "Leave the resource filter" },
  { keys: ["g", "s"], action: "focus-servers", label: "Focus the server list" },
  { keys: ["["], action: "previous-server", label: "Previous server" },
  { keys: ["]"], action: "next-server", label: "Next server" },
  { keys: ["w"], action: "toggle-watch", label: "Watch or unwatch the open resource" },
  { keys: ["r"], action: "re-read", label: "Re-read the open resource" },
  { keys: ["c"], action: "copy-uri", label: "Copy the open resource's URI" },
  { keys: ["?"], action: "show-help", label: "Show these shortcuts" },
];

/** How long `g` waits for its second key. */
export const SEQUENCE_TIMEOUT_MS = 1500;

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Focus is in a text field, select or contenteditable. */
  typing: boolean;
  /** Focus is in the resource filter. */
  inFilter: boolean;
  /** A modal dialog is open: the page behind it is inert, shortcuts included. */
  modalOpen: boolean;
  /** The key auto-repeats (held down). */
  repeat: boolean;
  now: number;
}

export interface DispatchState {
  /** When `g` was pressed, while it waits for its second key. */
  pendingSince: number | null;
}

export interface Dispatch {
  action: ShortcutAction | null;
  state: DispatchState;
}

const SINGLE: Record<string, ShortcutAction> = {
  "/": "focus-filter",
  "[": "previous-server",
  "]": "next-server",
  w: "toggle-watch",
  r: "re-read",
  c: "copy-uri",
  "?": "show-help",
};

const IDLE: DispatchState = { pendingSince: null };

export function dispatchKey(press: KeyPress, state: DispatchState): Dispatch {
  // Esc in the filter is the one key that acts inside a field: it is how the user leaves it.
  if (press.key === "Escape" && press.inFilter && !press.modalOpen) {
    return { action: "leave-filter", state: IDLE };
  }
  if (press.typing || press.modalOpen || press.ctrlKey || press.metaKey || press.altKey || press.repeat) {
    return { action: null, state: IDLE };
  }
  const pending = state.pendingSince !== null && press.now - state.pendingSince <= SEQUENCE_TIMEOUT_MS;
  if (pending) {
    // The second key of `g s`; any other key ends the sequence without acting.
    return { action: press.key === "s" ? "focus-servers" : null, state: IDLE };
  }
  if (press.key === "g") return { action: null, state: { pendingSince: press.now } };
  return { action: SINGLE[press.key] ?? null, state: IDLE };
}

/** Text entry, where a letter is a letter: inputs that take text, textarea, select, contenteditable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "range", "color", "file", "submit", "reset", "image"].includes(
      target.type,
    );
  }
  return false;
}
