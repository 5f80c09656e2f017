export type LiveView = "content" | "changes";

export interface ViewTabsProps {
  view: LiveView;
  onView: (view: LiveView) => void;
  /** id of the tabpanel both tabs control. */
  panelId: string;
}

const labels: Record<LiveView, string> = { content: "Content", changes: "Changes" };

/** Content | Changes for a watched resource. */
export function ViewTabs({ view, onView, panelId }: ViewTabsProps) {
  return (
    <div role="tablist" aria-label="Resource view" className="flex gap-1 border-b border-zinc-200">
      {(["content", "changes"] as const).map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          id={`${panelId}-${v}`}
          aria-selected={view === v}
          aria-controls={panelId}
          tabIndex={view === v ? 0 : -1}
          onClick={() => onView(v)}
          onKeyDown={(event) => {
            if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
            event.preventDefault();
            const next = v === "content" ? "changes" : "content";
            onView(next);
            document.getElementById(`${panelId}-${next}`)?.focus();
          }}
          className={`-mb-px border-b-2 px-2.5 py-1 text-xs font-medium ${
            view === v
              ? "border-sky-600 text-zinc-900"
              : "border-transparent text-zinc-500 hover:text-zinc-800"
          }`}
        >
          {labels[v]}
        </button>
      ))}
    </div>
  );
}
