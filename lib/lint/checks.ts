/**
 * Pure checks of what a server sent: each returns findings (code, subject, message), never
 * throws, and never looks at anything but its arguments. The session's linter (server/lint/)
 * decides when to run them and keeps the problems.
 */
import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { checkContent, readByteLength, type ContentLike } from "../content/content-checks";
import { mimeEssence } from "../content/mime-dispatch";
import { parseTemplate, matchTemplate, type TemplatePart } from "../resources/uri-template";
import { short } from "./quote";
import type { ProblemCode } from "./rules";

export interface Finding {
  code: ProblemCode;
  /** What the problem is about (a URI, a method, a cursor): one problem per code and subject. */
  subject: string;
  message: string;
  uri?: string;
  /** The method the finding is about, when the rule knows it (kept as evidence). */
  method?: string;
}

interface Iconish {
  src?: unknown;
  mimeType?: unknown;
}

/** Icons: https: or data: only; a data: icon names its mimeType (spec 2025-11-25, basic/index#icons). */
export function checkIcons(owner: string, icons: unknown): Finding[] {
  if (!Array.isArray(icons)) return [];
  const out: Finding[] = [];
  for (const icon of icons as Iconish[]) {
    if (typeof icon?.src !== "string") continue;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(icon.src)?.[1]?.toLowerCase();
    if (scheme !== "https" && scheme !== "data") {
      out.push({
        code: "icon-scheme",
        subject: `${owner} ${short(icon.src, 60)}`,
        uri: owner,
        message: `Icon of ${short(owner)} uses ${scheme ? `the ${scheme}: scheme` : "a relative reference"} (${short(icon.src, 60)}); only https: and data: are allowed.`,
      });
    } else if (scheme === "data" && (typeof icon.mimeType !== "string" || icon.mimeType === "")) {
      out.push({
        code: "data-icon-without-mime-type",
        subject: owner,
        uri: owner,
        message: `A data: icon of ${short(owner)} has no mimeType.`,
      });
    }
  }
  return out;
}

/**
 * ISO 8601 date-time as the spec means it (`2025-01-12T15:00:58Z`): a date, optionally a time with
 * an optional fraction, and an offset or Z when a time is given. `Date.parse` alone is too lenient
 * (it accepts "Tue, 1 Dec 2026").
 */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?))?$/;

export function isIso8601(s: string): boolean {
  return ISO_8601.test(s) && !Number.isNaN(Date.parse(s.replace(" ", "T")));
}

export function checkAnnotations(owner: string, annotations: unknown): Finding[] {
  if (!annotations || typeof annotations !== "object") return [];
  const a = annotations as { priority?: unknown; lastModified?: unknown };
  const out: Finding[] = [];
  if (a.priority !== undefined && (typeof a.priority !== "number" || !(a.priority >= 0 && a.priority <= 1)))
    out.push({
      code: "annotation-out-of-range",
      subject: `${owner} priority`,
      uri: owner,
      message: `annotations.priority of ${short(owner)} is ${short(JSON.stringify(a.priority), 40)}; it must be a number from 0 to 1.`,
    });
  if (a.lastModified !== undefined && (typeof a.lastModified !== "string" || !isIso8601(a.lastModified)))
    out.push({
      code: "annotation-out-of-range",
      subject: `${owner} lastModified`,
      uri: owner,
      message: `annotations.lastModified of ${short(owner)} is ${short(JSON.stringify(a.lastModified), 40)}; it must be an ISO 8601 timestamp.`,
    });
  return out;
}

export function checkListedResource(r: Resource): Finding[] {
  return [...checkIcons(r.uri, r.icons), ...checkAnnotations(r.uri, r.annotations)];
}

export function checkListedTemplate(t: ResourceTemplate): Finding[] {
  const out = [...checkIcons(t.uriTemplate, t.icons), ...checkAnnotations(t.uriTemplate, t.annotations)];
  try {
    parseTemplate(t.uriTemplate);
  } catch (err) {
    out.push({
      code: "invalid-uri-template",
      subject: t.uriTemplate,
      uri: t.uriTemplate,
      message: `Template ${short(t.uriTemplate)} is not valid RFC 6570: ${err instanceof Error ? err.message : String(err)}.`,
    });
  }
  return out;
}

/**
 * Synchronous checks of one read result; `listedSize` is the size the listing gave the URI. The
 * content rules are lib/content/content-checks.ts's, the viewer's own; this names them as problems.
 */
export function checkReadResult(
  requested: string,
  result: { contents?: unknown },
  listedSize?: number,
): Finding[] {
  const contents = (Array.isArray(result.contents) ? result.contents : []) as ContentLike[];
  const uris = contents.map((c) => c.uri).filter((u): u is string => typeof u === "string");
  const read = {
    requestedUri: requested,
    itemCount: contents.length,
    readByteLength: readByteLength(contents),
    listed: listedSize === undefined ? undefined : { size: listedSize },
    contentUris: uris,
  };
  // In the panel's order: the read's URI, then each item's own problems, then the read's size.
  const first: Finding[] = [];
  const items: Finding[] = [];
  const last: Finding[] = [];
  contents.forEach((item, index) => {
    const at = typeof item.uri === "string" ? item.uri : requested;
    for (const issue of checkContent({ ...read, item, index })) {
      if (issue.kind === "uri-mismatch")
        first.push({
          code: "read-uri-mismatch",
          subject: requested,
          uri: requested,
          message: `Reading ${short(requested)} returned ${uris.length === 1 ? "a content" : "contents"} for ${uris
            .slice(0, 3)
            .map((u) => short(u, 80))
            .join(", ")}${uris.length > 3 ? "…" : ""} and none for the requested URI.`,
        });
      else if (issue.kind === "invalid-base64")
        items.push({
          code: "blob-not-base64",
          subject: at,
          uri: at,
          message: `The blob of ${short(at)} is not valid base64.`,
        });
      else if (issue.kind === "missing-mime-type")
        items.push({
          code: "missing-mime-type",
          subject: at,
          uri: at,
          message: `The content of ${short(at)} has no mimeType.`,
        });
      else if (issue.kind === "size-mismatch")
        last.push({
          code: "size-mismatch",
          subject: requested,
          uri: requested,
          message: `${short(requested)} is listed with size ${issue.listed} but the read returned ${issue.actual} bytes.`,
        });
      // mime-mismatch needs the listed type, which the panel does not pass: it has no rule code.
    }
    items.push(...checkAnnotations(at, item.annotations));
  });
  return [...first, ...items, ...last];
}

/** Types that say "some bytes", which no magic number can contradict. */
const GENERIC = new Set(["application/octet-stream", "application/x-binary", "binary/octet-stream"]);
/** Containers whose magic a more specific format shares (a .docx is a ZIP, an SVG may sniff as XML). */
const CONTAINERS: Record<string, RegExp> = {
  "application/zip": /zip|openxml|opendocument|epub|jar|java-archive|vnd\.android|xpinstall/,
  "application/xml": /xml|svg/,
  "application/x-cfb": /msword|ms-excel|ms-powerpoint|ms-outlook|msi/,
};

/**
 * Whether a declared mimeType contradicts the type the bytes' magic number reveals. Deliberately
 * narrow: generic types and unknown declarations never contradict, nor does a container format
 * whose specific type was declared (a .docx sniffs as ZIP), nor text types (only magic numbers of
 * binary formats count; "looks like text" is not evidence).
 */
export function mimeContradicts(declared: string, sniffed: string): boolean {
  const d = mimeEssence(declared);
  const s = mimeEssence(sniffed);
  if (d === undefined || s === undefined) return false; // not a media type: nothing to contradict
  if (d === s || GENERIC.has(d) || s === "text/plain") return false;
  const container = CONTAINERS[s];
  if (container?.test(d)) return false;
  if (d.endsWith("+zip") && s === "application/zip") return false;
  if (d.endsWith("+xml") && s === "application/xml") return false;
  return true;
}

/** A blob whose first bytes (lib/content/mime-sniff.ts found them to be `found`) contradict its declared type. */
export function checkSniffedBlob(
  uri: string,
  declared: string,
  found: { mimeType: string; description: string } | undefined,
): Finding[] {
  if (!found || !mimeContradicts(declared, found.mimeType)) return [];
  return [
    {
      code: "mime-type-contradicts-bytes",
      subject: uri,
      uri,
      message: `${uri} is declared ${declared} but its bytes are ${found.description} (${found.mimeType}).`,
    },
  ];
}

/**
 * Listed resources that share a template's fixed beginning but do not match it. "Clearly
 * intends": the template's literal prefix (before its first expression) goes past the authority
 * into the path (`demo://r/dynamic/{id}` → `demo://r/dynamic/`), the resource starts with it, and
 * no template at all matches the resource. A prefix of only `scheme://host/` is too weak to say
 * anything, so such templates never flag (documented in the README's rule list).
 */
export function checkResourcesAgainstTemplates(
  templates: readonly string[],
  resources: readonly string[],
): Finding[] {
  const parsed: { template: string; parts: readonly TemplatePart[]; prefix: string }[] = [];
  for (const template of templates) {
    let parts: TemplatePart[];
    try {
      parts = parseTemplate(template);
    } catch {
      continue; // invalid-uri-template says so
    }
    const first = parts[0];
    const prefix = typeof first === "string" && parts.length > 1 ? first : "";
    parsed.push({ template, parts, prefix });
  }
  const meaningful = parsed.filter(({ prefix }) => {
    const m = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/[^/]*)?\/?(.*)$/.exec(prefix);
    return m !== null && /[^/]/.test(m[1] ?? "") && (m[1] ?? "").includes("/");
  });
  if (meaningful.length === 0) return [];
  const out: Finding[] = [];
  for (const uri of resources) {
    const near = meaningful.find((t) => uri.startsWith(t.prefix));
    if (!near) continue;
    if (parsed.some((t) => matchTemplate(t.parts, uri) !== null)) continue;
    out.push({
      code: "resource-outside-template",
      subject: uri,
      uri,
      message: `${short(uri)} starts like template ${short(near.template)} but no template matches it.`,
    });
  }
  return out;
}
