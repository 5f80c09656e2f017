import type { ReactNode } from "react";
import { CopyButton } from "./copy-button";
import { Button } from "@/components/ui/button";

export interface ViewerHeaderProps {
  title: string;
  uri: string;
  reading: boolean;
  onReRead: () => void;
  /** Extra controls beside Re-read (the Watch toggle). */
  children?: ReactNode;
}

/** The resource's name, its URI with copy, and the read controls. */
export function ViewerHeader({ title, uri, reading, onReRead, children }: ViewerHeaderProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <h2 className="text-base font-semibold break-words text-zinc-900">{title}</h2>
      <div className="flex flex-wrap items-start gap-2">
        <code className="min-w-0 flex-1 rounded border border-zinc-200 bg-white px-2 py-1 font-mono text-xs break-all text-zinc-800">
          {uri}
        </code>
        <CopyButton text={uri} label="Copy URI" shortcut="copy-uri" />
        <Button
          variant="tool"
          size="xs"
          className="shrink-0"
          onClick={onReRead}
          data-shortcut="re-read"
          disabled={reading}
        >
          {reading ? "Reading…" : "Re-read"}
        </Button>
        {children}
      </div>
    </div>
  );
}
