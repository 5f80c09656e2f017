export interface BinaryBodyProps {
  mimeType: string;
  size: string;
  downloading: boolean;
  downloadError: string | null;
  onDownload: () => void;
}

/** Bytes the viewer cannot show: a placeholder and a way to save them. */
export function BinaryBody({ mimeType, size, downloading, downloadError, onDownload }: BinaryBodyProps) {
  return (
    <div className="flex flex-wrap items-center gap-3 px-3 py-4">
      <span className="rounded border border-dashed border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-xs text-zinc-600">
        Binary · {mimeType} · {size}
      </span>
      <button
        type="button"
        onClick={onDownload}
        disabled={downloading}
        className="rounded-md border border-zinc-300 bg-white px-3 py-1 text-xs font-medium text-zinc-800 shadow-xs hover:bg-zinc-100 disabled:opacity-50"
      >
        {downloading ? "Downloading…" : "Download"}
      </button>
      {downloadError && (
        <p role="alert" className="w-full text-xs text-rose-700">
          Download failed: {downloadError}
        </p>
      )}
    </div>
  );
}
