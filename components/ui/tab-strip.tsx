export interface TabStripTab<T extends string> {
  id: T;
  label: string;
}

export interface TabStripProps<T extends string> {
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly TabStripTab<T>[];
  /** The current tab: the one in the Tab order, and the selected one while `open`. */
  current: T;
  /** False for a collapsed panel: no tab is selected and none controls the panel. */
  open?: boolean;
  /** Each tab's id is `${idPrefix}-${tab.id}`: what the tabpanel's aria-labelledby names. */
  idPrefix: string;
  /** The id of the tabpanel every tab controls. */
  panelId: string;
  /** A click on a tab, or the arrow keys (which move the focus with them, wrapping around). */
  onSelect: (id: T) => void;
  /** A click on the tab already selected (the server panel collapses). */
  onReselect?: () => void;
  /** The tablist's layout classes. */
  className: string;
  /** A tab's size classes (text size, padding); the underline and colours are the strip's. */
  tabClassName: string;
}

/** The app's one tab strip (WAI-ARIA tabs: roving tabindex, Left/Right move and select). */
export function TabStrip<T extends string>({
  label,
  tabs,
  current,
  open = true,
  idPrefix,
  panelId,
  onSelect,
  onReselect,
  className,
  tabClassName,
}: TabStripProps<T>) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t, index) => {
        const selected = open && t.id === current;
        return (
          <button
            key={t.id}
            id={`${idPrefix}-${t.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={open ? panelId : undefined}
            tabIndex={t.id === current ? 0 : -1}
            onClick={() => (selected && onReselect ? onReselect() : onSelect(t.id))}
            onKeyDown={(event) => {
              const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = tabs[(index + step + tabs.length) % tabs.length];
              if (!next) return;
              onSelect(next.id);
              document.getElementById(`${idPrefix}-${next.id}`)?.focus();
            }}
            className={`${tabClassName} border-b-2 px-2.5 font-medium ${
              selected
                ? "border-sky-600 text-zinc-900"
                : "border-transparent text-zinc-500 hover:text-zinc-800"
            }`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
