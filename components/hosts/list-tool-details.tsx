"use client";

import { useState } from "react";
import type { HostModel, ServerView } from "@/lib/hosts/types";
import { LensTextBlock } from "./lens-text-block";

/** A host's list tool for this server, folded: built only when opened (10,000 resources is a long text). */
export function ListToolDetails({ model, server }: { model: HostModel; server: ServerView }) {
  const [open, setOpen] = useState(false);
  const view = open ? model.list(server) : null;
  return (
    <details
      className="rounded border border-zinc-200 bg-white text-[12px]"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer px-2 py-1 font-medium text-zinc-800 select-none">
        {model.label}
        <span className="ml-2 font-normal text-zinc-500">
          {model.modelReads ? "what its model gets from its list tool" : "what its user is shown"}
        </span>
      </summary>
      {view && (
        <div className="border-t border-zinc-200 px-2 py-1.5">
          <LensTextBlock title={view.title} text={view.text} format={view.format} />
        </div>
      )}
    </details>
  );
}
