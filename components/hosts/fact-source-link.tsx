import type { Source } from "@/lib/hosts/types";
import { safeLinkHref } from "@/lib/security/safe-url";

/** Where a host fact was read: a link that opens in a new tab and tells it nothing of this page. */
export function FactSourceLink({ source }: { source: Source }) {
  const href = safeLinkHref(source.url);
  if (!href) return <span className="text-zinc-500">{source.label}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="break-words text-sky-700 underline hover:text-sky-900"
    >
      {source.label}
    </a>
  );
}
