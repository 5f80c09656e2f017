import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { dispatchKey, isTypingTarget, SEQUENCE_TIMEOUT_MS, SHORTCUTS, type KeyPress } from "./dispatch";
import { KeyboardShortcuts } from "./keyboard-shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  inFilter: false,
  modalOpen: false,
  repeat: false,
  now: 1000,
  ...extra,
});
const IDLE = { pendingSince: null };

describe("dispatchKey", () => {
  it("maps each single key to its action", () => {
    const got = ["/", "[", "]", "w", "r", "c", "?"].map((k) => dispatchKey(press(k), IDLE).action);
    expect(got).toEqual([
      "focus-filter",
      "previous-server",
      "next-server",
      "toggle-watch",
      "re-read",
      "copy-uri",
      "show-help",
    ]);
    expect(dispatchKey(press("x"), IDLE).action).toBeNull();
  });

  it("never fires while typing in a field, with a modifier held, on auto-repeat or behind a modal", () => {
    for (const extra of [
      { typing: true },
      { ctrlKey: true },
      { metaKey: true },
      { altKey: true },
      { repeat: true },
      { modalOpen: true },
    ]) {
      expect(dispatchKey(press("r", extra), IDLE).action, JSON.stringify(extra)).toBeNull();
      expect(dispatchKey(press("/", extra), IDLE).action, JSON.stringify(extra)).toBeNull();
    }
  });

  it("lets Esc leave the filter, and only the filter", () => {
    expect(dispatchKey(press("Escape", { typing: true, inFilter: true }), IDLE).action).toBe("leave-filter");
    expect(dispatchKey(press("Escape", { typing: true }), IDLE).action).toBeNull();
    expect(dispatchKey(press("Escape", { inFilter: true, modalOpen: true }), IDLE).action).toBeNull();
  });

  it("reads g then s as one shortcut, within the timeout, and nothing else after g", () => {
    const g = dispatchKey(press("g"), IDLE);
    expect(g.action).toBeNull();
    expect(dispatchKey(press("s", { now: 1500 }), g.state).action).toBe("focus-servers");
    expect(dispatchKey(press("s", { now: 1000 + SEQUENCE_TIMEOUT_MS + 1 }), g.state).action).toBeNull();
    // After g, another shortcut key is swallowed rather than run, and the sequence ends.
    const other = dispatchKey(press("r", { now: 1200 }), g.state);
    expect(other.action).toBeNull();
    expect(dispatchKey(press("s", { now: 1300 }), other.state).action).toBeNull();
    // A modifier press in between cancels the sequence.
    const ctrl = dispatchKey(press("s", { now: 1100, ctrlKey: true }), g.state);
    expect(ctrl.state.pendingSince).toBeNull();
  });

  it("lists every action in the sheet once", () => {
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length);
  });
});

describe("isTypingTarget", () => {
  it("counts text inputs, textareas, selects and contenteditable, not buttons or checkboxes", () => {
    const make = (html: string) => {
      const host = document.createElement("div");
      host.innerHTML = html;
      document.body.append(host);
      return host.firstElementChild;
    };
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make("<input>"))).toBe(true);
    expect(isTypingTarget(make("<textarea></textarea>"))).toBe(true);
    expect(isTypingTarget(make("<select></select>"))).toBe(true);
    expect(isTypingTarget(make('<div contenteditable="true"></div>'))).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make("<button>x</button>"))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

/** The page's marked controls, as the workspace renders them, with spies on the buttons. */
function renderPage() {
  const onServer = vi.fn<(name: string) => void>();
  const onWatch = vi.fn();
  const onReRead = vi.fn();
  render(
    <>
      <KeyboardShortcuts />
      <input type="search" aria-label="Filter resources" data-shortcut="filter" />
      <textarea aria-label="Notes" />
      {["alpha", "beta", "gamma"].map((name) => (
        <button
          key={name}
          type="button"
          data-shortcut="server"
          aria-current={name === "beta" ? "true" : undefined}
          onClick={() => onServer(name)}
        >
          {name}
        </button>
      ))}
      <button type="button" data-shortcut="watch" onClick={onWatch}>
        Watch
      </button>
      <button type="button" data-shortcut="re-read" onClick={onReRead} disabled>
        Re-read
      </button>
    </>,
  );
  return { user: userEvent.setup(), onServer, onWatch, onReRead };
}

describe("KeyboardShortcuts", () => {
  it("focuses the filter on / without typing the slash, and Esc leaves it with its text", async () => {
    const { user } = renderPage();
    const filter = screen.getByRole("searchbox", { name: "Filter resources" });
    await user.keyboard("/");
    expect(document.activeElement).toBe(filter);
    expect(filter).toHaveProperty("value", "");
    await user.keyboard("rw/");
    expect(filter).toHaveProperty("value", "rw/");
    await user.keyboard("{Escape}");
    expect(document.activeElement).not.toBe(filter);
    expect(filter).toHaveProperty("value", "rw/");
  });

  it("presses the marked buttons, but not while typing and not a disabled one", async () => {
    const { user, onWatch, onReRead, onServer } = renderPage();
    await user.click(screen.getByRole("textbox", { name: "Notes" }));
    await user.keyboard("w[[]");
    expect(onWatch).not.toHaveBeenCalled();
    expect(onServer).not.toHaveBeenCalled();
    await user.click(document.body);
    await user.keyboard("w");
    expect(onWatch).toHaveBeenCalledTimes(1);
    await user.keyboard("{Control>}w{/Control}");
    expect(onWatch).toHaveBeenCalledTimes(1);
    await user.keyboard("r");
    expect(onReRead).not.toHaveBeenCalled();
  });

  it("moves between servers with [ and ], and g s focuses the current one", async () => {
    const { user, onServer } = renderPage();
    await user.keyboard("]");
    expect(onServer).toHaveBeenLastCalledWith("gamma");
    await user.keyboard("[[");
    expect(onServer).toHaveBeenLastCalledWith("alpha");
    await user.keyboard("gs");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "beta" }));
  });

  it("opens the shortcut sheet on ? as a named dialog listing the keys", async () => {
    const { user } = renderPage();
    await user.keyboard("?");
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(sheet.textContent).toContain("Focus the server list");
    expect(sheet.querySelectorAll("kbd")).toHaveLength(SHORTCUTS.flatMap((s) => s.keys).length);
  });
});
