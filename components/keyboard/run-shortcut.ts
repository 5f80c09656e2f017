import type { ShortcutAction } from "./dispatch";

/**
 * The page side of a shortcut: it presses the same control a mouse would, found by its
 * `data-shortcut` mark, so a shortcut can never do something the button would not (disabled
 * stays disabled). Returns whether it found something to act on.
 */
export function runShortcut(action: Exclude<ShortcutAction, "show-help">, doc: Document = document): boolean {
  const marked = (name: string) => doc.querySelector<HTMLElement>(`[data-shortcut="${name}"]`);
  const press = (name: string) => {
    const el = marked(name);
    if (!el || (el instanceof HTMLButtonElement && el.disabled)) return false;
    el.click();
    return true;
  };
  switch (action) {
    case "focus-filter": {
      const filter = marked("filter");
      if (!(filter instanceof HTMLInputElement)) return false;
      filter.focus();
      filter.select();
      return true;
    }
    case "leave-filter": {
      const filter = marked("filter");
      if (!filter || doc.activeElement !== filter) return false;
      filter.blur();
      return true;
    }
    case "focus-servers": {
      const server =
        doc.querySelector<HTMLElement>('[data-shortcut="server"][aria-current="true"]') ?? marked("server");
      server?.focus();
      return server !== null;
    }
    case "previous-server":
    case "next-server": {
      const servers = [...doc.querySelectorAll<HTMLElement>('[data-shortcut="server"]')];
      const current = servers.findIndex((s) => s.getAttribute("aria-current") === "true");
      const step = action === "next-server" ? 1 : -1;
      const target = servers[current === -1 ? 0 : current + step];
      if (!target) return false;
      const hadFocus = servers.includes(doc.activeElement as HTMLElement);
      target.click();
      if (hadFocus) target.focus();
      return true;
    }
    case "toggle-watch":
      return press("watch");
    case "re-read":
      return press("re-read");
    case "copy-uri":
      return press("copy-uri");
  }
}
