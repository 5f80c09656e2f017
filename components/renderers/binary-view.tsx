"use client";

import { useMemo, type ReactNode } from "react";
import { base64Head, decodeBase64Lenient } from "@/lib/content/base64";
import { formatBytes } from "@/lib/content/content-kind";
import { HEX_DUMP_LIMIT, hexDump } from "@/lib/content/hex-dump";
import type { SniffResult } from "@/lib/content/mime-sniff";
import { RendererToolbar } from "./renderer-toolbar";
import { useSha256 } from "./use-sha256";

export interface BinaryViewProps {
  base64: string;
  mimeType: string;
  byteLength: number;
  /** What the first bytes look like (undefined: nothing recognisable; null: still looking). */
  sniffed: SniffResult | undefined | null;
  actions: ReactNode;
  /** Extra controls (the PDF preview switch). */
  controls?: ReactNode;
}

/** Bytes the viewer does not render: what they are, their hash, and a hex dump of the first 4 KB. */
export function BinaryView({ base64, mimeType, byteLength, sniffed, actions, controls }: BinaryViewProps) {
  const dump = useMemo(
    () => hexDump(decodeBase64Lenient(base64Head(base64, HEX_DUMP_LIMIT), HEX_DUMP_LIMIT)),
    [base64],
  );
  const sha = useSha256(base64);
  return (
    <div>
      <RendererToolbar actions={actions}>{controls}</RendererToolbar>
      <div className="flex flex-col gap-2 px-3 py-3">
        <p className="w-fit rounded border border-dashed border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-xs text-zinc-700">
          Binary · {mimeType} · {formatBytes(byteLength)}
        </p>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-zinc-500">size</dt>
          <dd>{byteLength.toLocaleString("en")} bytes</dd>
          <dt className="text-zinc-500">looks like</dt>
          <dd>
            {sniffed === null
              ? "…"
              : sniffed
                ? `${sniffed.description} (${sniffed.mimeType})`
                : "nothing recognisable (no known signature, not UTF-8 text)"}
          </dd>
          <dt className="text-zinc-500">sha256</dt>
          <dd className="font-mono break-all select-all">{sha.hex ?? sha.error ?? "computing…"}</dd>
        </dl>
        {dump.lines.length > 0 && (
          <div>
            <p className="mb-1 text-[11px] text-zinc-500">
              {dump.shown < byteLength
                ? `Hex dump of the first ${dump.shown.toLocaleString("en")} bytes`
                : `Hex dump of all ${dump.shown.toLocaleString("en")} bytes`}
            </p>
            <pre
              aria-label="Hex dump"
              tabIndex={0}
              className="scrollbar-thin max-h-80 overflow-auto rounded border border-zinc-200 bg-zinc-50 px-2 py-1.5 font-mono text-[11px] leading-4 text-zinc-800"
            >
              {dump.lines.join("\n")}
            </pre>
          </div>
        )}
      </div>
    </div>
  );
}
