/**
 * When the host-compatibility rules fire: pure functions of what a server sent, like the protocol
 * checks in lib/lint/. What a finding says is its rule's (host-rules.ts); the traffic linter
 * (server/lint/) hands these the evidence as it hears it, and a host's model decides nothing here
 * that its module does not say.
 */
import type { Finding } from "../lint/checks";
import { short } from "../lint/quote";
import { matchTemplate } from "../resources/uri-template";
import { geminiListText } from "./gemini-cli";
import { CLAUDE_LIMIT_TOKENS, CLAUDE_WARN_TOKENS } from "./claude-code";
import { HOST_RULES, type HostRuleCode } from "./host-rules";
import { blobOf, estimateTokens, isModelImageType, mentionBreak, mimeOf, textOf } from "./shared";
import type { ReadContent } from "./types";
import { vscodeAttachesImage, vscodeItem } from "./vscode";

type Says<C extends HostRuleCode> = Parameters<(typeof HOST_RULES)[C]["message"]>;

/** A finding of rule `code` about `where`, in the rule's words for what was seen (`seen`). */
function found<C extends HostRuleCode>(
  code: C,
  where: Pick<Finding, "subject" | "uri" | "method">,
  ...seen: Says<C>
): Finding {
  const say = HOST_RULES[code].message as (...args: Says<C>) => string;
  return { code, ...where, message: say(...seen) };
}

type Capabilities = { resources?: unknown; tools?: unknown; prompts?: unknown; completions?: unknown } | null;

/** The name a host's config gives the server. */
export function checkHostServerName(name: string): Finding[] {
  const out: Finding[] = [];
  if (name.includes(":")) out.push(found("host-server-name-colon", { subject: name }, name));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) out.push(found("host-server-name-chars", { subject: name }, name));
  return out;
}

/** One page of a resource or template walk. `page` counts from 1; `repeated`: its cursor was seen. */
export function checkHostListPage(
  method: string,
  page: number,
  result: Record<string, unknown>,
  repeated: boolean,
): Finding[] {
  const out: Finding[] = [];
  const key = method === "resources/templates/list" ? "resourceTemplates" : "resources";
  const items = result[key];
  const next = result.nextCursor;
  const at = { subject: method, method };
  if (next === null) out.push(found("host-null-cursor", at, method, page));
  else if (next === "") out.push(found("host-empty-cursor", at, method, page));
  else if (next !== undefined && typeof next !== "string")
    out.push(schemaInvalid(method, page, `nextCursor is ${typeof next}, not a string`));
  if (repeated && typeof next === "string")
    out.push(
      found("host-repeating-cursor", { subject: `${method} ${short(next, 60)}`, method }, method, next, page),
    );
  if (!Array.isArray(items)) out.push(schemaInvalid(method, page, `${key} is not an array`));
  else if (method === "resources/list") {
    const bad = (items as unknown[]).findIndex((item) => {
      const r = item as Record<string, unknown> | null;
      return typeof r !== "object" || r === null || typeof r.uri !== "string" || typeof r.name !== "string";
    });
    if (bad !== -1) {
      const r = items[bad] as Record<string, unknown> | null;
      const why = typeof r?.uri !== "string" ? "no string uri" : "no string name";
      out.push(schemaInvalid(method, page, `resource ${bad + 1} has ${why}`));
    }
    if (page > 1 && items.length > 0) out.push(found("host-past-first-page", at));
    if (page === 1 && typeof next === "string" && next !== "") out.push(found("host-codex-paging", at));
  }
  return out;
}

function schemaInvalid(method: string, page: number, why: string): Finding {
  return found("host-list-schema-invalid", { subject: method, method }, method, page, why);
}

/** A list method answered a JSON-RPC error. */
export function checkHostListError(method: string, code: unknown): Finding[] {
  if (method !== "resources/list" || code === -32601) return [];
  return [found("host-list-fails", { subject: method, method }, code)];
}

/** A list answered while the server declared no resources capability. */
export function checkHostListWithoutCapability(
  method: string,
  count: number,
  capabilities: Capabilities,
): Finding[] {
  if (method !== "resources/list" || count === 0 || !capabilities || capabilities.resources) return [];
  return [found("host-no-resources-capability", { subject: method, method }, count)];
}

interface ListedLike {
  uri?: unknown;
  name?: unknown;
  title?: unknown;
  description?: unknown;
  mimeType?: unknown;
}

/** One listed resource, as the hosts will show it. */
export function checkHostListedResource(r: ListedLike): Finding[] {
  if (typeof r.uri !== "string") return [];
  const uri = r.uri;
  const out: Finding[] = [];
  const at = { subject: uri, uri };
  const broken = mentionBreak(uri);
  if (broken) out.push(found("host-uri-breaks-mention", at, uri, broken));
  if (typeof r.description === "string" && (/[\r\n]/.test(r.description) || r.description.includes(" | ")))
    out.push(found("host-description-breaks-list", at, uri, /[\r\n]/.test(r.description)));
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(uri)) out.push(found("host-opaque-uri", at, uri));
  if (typeof r.title === "string" && r.title !== "" && r.title !== r.name)
    out.push(found("host-title-only", at, uri, r.title, typeof r.name === "string" ? r.name : ""));
  const mime = mimeOf(r);
  if (mime !== undefined && /^image\//i.test(mime) && !vscodeAttachesImage(uri, mime))
    out.push(found("host-image-not-attachable", at, uri, mime));
  return out;
}

export interface CompleteList {
  serverName: string;
  capabilities: Capabilities;
  /** Every listed resource (bounded by the caller). */
  resources: readonly { uri: string; name?: string; description?: string }[];
  templates: readonly string[];
}

/** The whole list, once both walks ended. */
export function checkHostCompleteList(list: CompleteList): Finding[] {
  const out: Finding[] = [];
  const caps: NonNullable<Capabilities> = list.capabilities ?? {};
  for (const template of list.templates) {
    if (list.resources.some((r) => matchTemplate(template, r.uri) !== null)) continue;
    out.push(found("host-templates-only", { subject: template, uri: template }, template));
  }
  if (list.templates.length > 0 && !caps.completions)
    out.push(found("host-templates-without-completion", { subject: "templates" }, list.templates.length));
  const byFold = new Map<string, string>();
  for (const r of list.resources) {
    const folded = foldPath(r.uri);
    const other = byFold.get(folded);
    if (other !== undefined && other !== r.uri)
      out.push(found("host-case-only-uris", { subject: folded, uri: r.uri }, r.uri, other));
    else byFold.set(folded, r.uri);
  }
  const tokens = estimateTokens(
    geminiListText({
      name: list.serverName,
      capabilities: { resources: {} },
      resources: list.resources as never,
      pages: 1,
      templates: [],
    }).length,
  );
  if (tokens > CLAUDE_WARN_TOKENS)
    out.push(found("host-large-list", { subject: "resources/list" }, list.resources.length, tokens));
  if (list.resources.length === 0 && caps.resources && !caps.tools && !caps.prompts)
    out.push(found("host-empty-server", { subject: "server" }));
  return out;
}

function foldPath(uri: string): string {
  const m = /^([^:]+:\/\/[^/?#]*)(.*)$/.exec(uri);
  return m ? `${m[1]}${m[2]!.toLowerCase()}` : uri.toLowerCase();
}

export interface ReadEvidence {
  uri: string;
  contents: readonly ReadContent[];
  /** Whether the URI was in the last complete list; undefined when no list is complete yet. */
  listed?: boolean;
  /** The mimeType the list gave this URI. */
  listedMime?: string;
}

/** One successful read, as each host will use it. */
export function checkHostRead(read: ReadEvidence): Finding[] {
  const { uri, contents } = read;
  const out: Finding[] = [];
  const at = { subject: uri, uri };
  if (read.listed === false) out.push(found("host-unlisted-read", at, uri));
  const shown = contents.filter((c) => textOf(c) || blobOf(c));
  if (shown.length === 0) {
    out.push(found("host-empty-read", at, uri, contents.length === 0));
    return out;
  }
  if (contents.length > 1) out.push(found("host-multiple-contents", at, uri, contents.length));
  const picked = vscodeItem(uri, contents);
  // A URI whose path ends in “/” is a folder to VS Code: its items are its children, not a mismatch.
  const folder = /\/$/.test(uri.replace(/[?#].*$/s, ""));
  if ("error" in picked && !folder)
    out.push(
      found(
        "host-content-uri-mismatch",
        at,
        uri,
        contents.map((c) => c.uri),
      ),
    );
  let chars = 0;
  const attached = "index" in picked ? contents[picked.index] : undefined;
  for (const c of contents) {
    const text = textOf(c);
    if (text !== undefined) chars += text.length;
    const blob = blobOf(c);
    if (!blob) continue;
    const mime = mimeOf(c);
    const itemUri = typeof c.uri === "string" ? c.uri : uri;
    const item = { subject: itemUri, uri };
    if (mime === undefined) out.push(found("host-blob-without-mime", item, itemUri));
    else out.push(found("host-blob-invisible", item, itemUri, mime));
    if (!isModelImageType(mime)) out.push(found("host-blob-saved-to-disk", item, itemUri, mime));
    // Only the item VS Code attaches matters to it (the first with the requested path).
    else if (c === attached && !vscodeAttachesImage(uri, read.listedMime))
      out.push(found("host-image-not-attachable", at, uri, read.listedMime, mime));
  }
  const tokens = estimateTokens(chars);
  if (tokens > CLAUDE_LIMIT_TOKENS) out.push(found("host-text-over-limit", at, uri, tokens));
  else if (tokens > CLAUDE_WARN_TOKENS) out.push(found("host-text-over-warning", at, uri, tokens));
  return out;
}

/** A read answered a JSON-RPC error (not the not-found probe). */
export function checkHostReadError(uri: string, message: string, code?: number): Finding[] {
  // The SDK's McpError says “MCP error <code>: <message>”, and that is what Gemini CLI quotes.
  const said = code === undefined ? message : `MCP error ${code}: ${message}`;
  return [found("host-read-error", { subject: uri, uri }, uri, said)];
}
