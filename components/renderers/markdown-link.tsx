import type { ComponentPropsWithoutRef } from "react";
import { linkScheme, safeLinkHref } from "@/lib/security/safe-url";

type MarkdownLinkProps = ComponentPropsWithoutRef<"a"> & { node?: unknown };

/**
 * A markdown link: followed only for http, https and mailto (new tab, no referrer). Anything else
 * (`javascript:`, relative, data:) is inert text that says where it pointed.
 */
export function MarkdownLink({ href, children }: MarkdownLinkProps) {
  const safe = safeLinkHref(href);
  if (safe) {
    return (
      <a href={safe} target="_blank" rel="noopener noreferrer nofollow" referrerPolicy="no-referrer">
        {children}
      </a>
    );
  }
  return (
    <span
      title={`Not a link: ${linkScheme(href)} URLs are not followed (${href ?? ""})`}
      className="cursor-help text-zinc-600 underline decoration-zinc-400 decoration-dotted"
    >
      {children}
      <span className="sr-only"> (inactive {linkScheme(href)} link)</span>
    </span>
  );
}
