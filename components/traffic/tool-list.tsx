import type { Tool } from "@/lib/api/api-client";

export interface ToolListProps {
  tools: readonly Tool[];
  /** The tool whose form is shown. */
  current: string;
  onChoose: (name: string) => void;
}

/** The server's tools by name, the one being called marked; its description is the title. */
export function ToolList({ tools, current, onChoose }: ToolListProps) {
  return (
    <ul
      aria-label="Tools"
      className="scrollbar-thin w-56 shrink-0 overflow-y-auto border-r border-zinc-200 py-1"
    >
      {tools.map((t) => (
        <li key={t.name}>
          <button
            type="button"
            aria-current={t.name === current ? "true" : undefined}
            onClick={() => onChoose(t.name)}
            title={t.description}
            className={`block w-full truncate px-3 py-0.5 text-left font-mono text-[11px] ${
              t.name === current ? "bg-sky-100 text-sky-950" : "text-zinc-800 hover:bg-zinc-100"
            }`}
          >
            {t.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
