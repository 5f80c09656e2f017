import { formatBytes } from "@/lib/content/content-kind";
import type { ContentWarning } from "@/lib/content/content-checks";

function describe(warning: ContentWarning): string {
  switch (warning.kind) {
    case "mime-mismatch":
      return `The content says ${warning.content}; the resource list said ${warning.listed}.`;
    case "size-mismatch":
      return `The resource list says ${warning.listed.toLocaleString("en")} bytes; ${
        warning.scope === "read" ? "the read returned" : "the content has"
      } ${warning.actual.toLocaleString("en")} bytes (${formatBytes(warning.actual)}).`;
    case "uri-mismatch":
      return `The content's uri is ${warning.content}, not the requested ${warning.requested}.`;
    case "invalid-base64":
      return "The blob is not valid base64; what is shown (and downloaded) skips the invalid characters.";
  }
}

/** Where the server contradicts itself about this item: visible, calm, as text. */
export function ContentWarnings({ warnings }: { warnings: readonly ContentWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul
      aria-label="Server inconsistencies"
      className="flex flex-col gap-0.5 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-[11px] text-amber-900"
    >
      {warnings.map((warning) => (
        <li key={warning.kind} className="flex gap-1.5">
          <span aria-hidden="true">⚠</span>
          <span className="break-all">{describe(warning)}</span>
        </li>
      ))}
    </ul>
  );
}
