/**
 * Scheme allow-lists for URLs that come from server content (markdown links and images).
 * A URL is parsed the way the browser would (so "JaVa\tScript:" is javascript:), and relative
 * URLs are refused: they would resolve against the inspector's own origin.
 */

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);
const IMAGE_DATA = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

function parse(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null; // relative, or not a URL at all
  }
}

/** The normalized href when the link may be followed (http, https, mailto); otherwise null. */
export function safeLinkHref(href: string | undefined): string | null {
  const url = parse(href);
  return url && LINK_SCHEMES.has(url.protocol) ? url.href : null;
}

/** The scheme a refused link uses, for saying why ("javascript:", or "relative"). */
export function linkScheme(href: string | undefined): string {
  return parse(href)?.protocol ?? "relative";
}

/**
 * The src when an image may be shown: inline `data:` images of the types `<img>` renders safely
 * (SVG included: in `<img>` it cannot run script). Remote images are never fetched (they would
 * tell a third party this tab is open, and the CSP blocks them anyway).
 */
export function safeImageSrc(src: string | undefined): string | null {
  const url = parse(src);
  return url && url.protocol === "data:" && IMAGE_DATA.test(url.href) ? url.href : null;
}
