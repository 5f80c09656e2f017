/**
 * The bodies of the host-compatibility rules (host-rules.ts): pure functions of what a server
 * sent, like the protocol checks in lib/lint/. The traffic linter (server/lint/) hands them the
 * evidence as it hears it; a host's model decides nothing here that its module does not say.
 */
import type { Finding } from "../lint/checks";
import { short } from "../lint/quote";
import { matchTemplate } from "../resources/uri-template";
import { geminiListText } from "./gemini-cli";
import { CLAUDE_LIMIT_TOKENS, CLAUDE_WARN_TOKENS } from "./claude-code";
import { blobOf, estimateTokens, isModelImageType, mentionBreak, mimeOf, textOf } from "./shared";
import type { ReadContent } from "./types";
import { vscodeAttachesImage, vscodeItem } from "./vscode";

type Capabilities = { resources?: unknown; tools?: unknown; prompts?: unknown; completions?: unknown } | null;

/** The name a host's config gives the server. */
export function checkHostServerName(name: string): Finding[] {
  const out: Finding[] = [];
  if (name.includes(":"))
    out.push({
      code: "host-server-name-colon",
      subject: name,
      message: `The server name “${short(name, 80)}” contains “:”: in Gemini CLI its resources cannot be @-mentioned or addressed as ${short(name, 40)}:<uri>. Name it without a colon in the host's config.`,
    });
  if (!/^[A-Za-z0-9_-]+$/.test(name))
    out.push({
      code: "host-server-name-chars",
      subject: name,
      message: `“${short(name, 80)}” is not a name \`claude mcp add\` accepts (letters, digits, - and _).`,
    });
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
  if (next === null)
    out.push({
      code: "host-null-cursor",
      subject: method,
      method,
      message: `Page ${page} of ${method} has "nextCursor": null: the SDK schema rejects it (Gemini CLI drops the server) and VS Code asks for the next page forever. Omit nextCursor on the last page.`,
    });
  else if (next === "")
    out.push({
      code: "host-empty-cursor",
      subject: method,
      method,
      message: `Page ${page} of ${method} has "nextCursor": "": VS Code sends it back and loops forever. Omit nextCursor on the last page.`,
    });
  else if (next !== undefined && typeof next !== "string")
    out.push(schemaInvalid(method, page, `nextCursor is ${typeof next}, not a string`));
  if (repeated && typeof next === "string")
    out.push({
      code: "host-repeating-cursor",
      subject: `${method} ${short(next, 60)}`,
      method,
      message: `${method} handed out the cursor “${short(next, 60)}” again on page ${page}: Gemini CLI and VS Code loop forever.`,
    });
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
    if (page > 1 && items.length > 0)
      out.push({
        code: "host-past-first-page",
        subject: method,
        method,
        message: `resources/list has more than one page: Claude Code before 2.1.147 sees only the first.`,
      });
    if (page === 1 && typeof next === "string" && next !== "")
      out.push({
        code: "host-codex-paging",
        subject: method,
        method,
        message: `resources/list is paged: Codex's model gets page 1 and the cursor, and sees the rest only if it asks again.`,
      });
  }
  return out;
}

function schemaInvalid(method: string, page: number, why: string): Finding {
  return {
    code: "host-list-schema-invalid",
    subject: method,
    method,
    message: `Page ${page} of ${method} fails the SDK's schema (${why}): hosts reject the whole answer, and Gemini CLI drops the server.`,
  };
}

/** A list method answered a JSON-RPC error. */
export function checkHostListError(method: string, code: unknown): Finding[] {
  if (method !== "resources/list" || code === -32601) return [];
  return [
    {
      code: "host-list-fails",
      subject: method,
      method,
      message: `resources/list answered error ${typeof code === "number" ? code : "(no code)"}: Gemini CLI drops this whole server, tools and prompts included.`,
    },
  ];
}

/** A list answered while the server declared no resources capability. */
export function checkHostListWithoutCapability(
  method: string,
  count: number,
  capabilities: Capabilities,
): Finding[] {
  if (method !== "resources/list" || count === 0 || !capabilities || capabilities.resources) return [];
  return [
    {
      code: "host-no-resources-capability",
      subject: method,
      method,
      message: `resources/list answered ${count} resource(s), but the server declares no resources capability: Gemini CLI and VS Code never ask for them.`,
    },
  ];
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
  const broken = mentionBreak(uri);
  if (broken)
    out.push({
      code: "host-uri-breaks-mention",
      subject: uri,
      uri,
      message: `@<server>:${short(uri)} in Gemini CLI: ${broken}. Avoid whitespace, , ; ! ? ( ) [ ] { } and a trailing dot in URIs.`,
    });
  if (typeof r.description === "string" && (/[\r\n]/.test(r.description) || r.description.includes(" | ")))
    out.push({
      code: "host-description-breaks-list",
      subject: uri,
      uri,
      message: `The description of ${short(uri)} contains ${/[\r\n]/.test(r.description) ? "a line break" : "“ | ”"}: Gemini CLI's one-line-per-resource list breaks there.`,
    });
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(uri))
    out.push({
      code: "host-opaque-uri",
      subject: uri,
      uri,
      message: `${short(uri)} has no //authority: VS Code's mcp-resource: form of it may not map back to the server's URI.`,
    });
  if (typeof r.title === "string" && r.title !== "" && r.title !== r.name)
    out.push({
      code: "host-title-only",
      subject: uri,
      uri,
      message: `${short(uri)} has the title “${short(r.title, 60)}”: Gemini CLI and Claude Code show their models only its name “${short(typeof r.name === "string" ? r.name : "", 60)}”.`,
    });
  const mime = mimeOf(r);
  if (mime !== undefined && /^image\//i.test(mime) && !vscodeAttachesImage(uri, mime))
    out.push({
      code: "host-image-not-attachable",
      subject: uri,
      uri,
      message: `${short(uri)} is listed as “${short(mime, 60)}”: VS Code attaches only image/png, image/jpeg, image/gif and image/webp (exactly so spelled) as images; this one becomes a text file.`,
    });
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
    out.push({
      code: "host-templates-only",
      subject: template,
      uri: template,
      message: `No listed resource matches the template ${short(template)}: what it offers is invisible to Gemini CLI and to Claude Code's model. List the resources that matter, or a few examples.`,
    });
  }
  if (list.templates.length > 0 && !caps.completions)
    out.push({
      code: "host-templates-without-completion",
      subject: "templates",
      message: `${list.templates.length} template(s) but no completions capability: VS Code users must type each variable's value blind.`,
    });
  const byFold = new Map<string, string>();
  for (const r of list.resources) {
    const folded = foldPath(r.uri);
    const other = byFold.get(folded);
    if (other !== undefined && other !== r.uri)
      out.push({
        code: "host-case-only-uris",
        subject: folded,
        uri: r.uri,
        message: `${short(r.uri)} and ${short(other)} differ only in path case: VS Code can confuse them.`,
      });
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
    out.push({
      code: "host-large-list",
      subject: "resources/list",
      message: `Gemini CLI's list_mcp_resources prints all ${list.resources.length} resources, ≈ ${tokens.toLocaleString("en")} tokens, on every call.`,
    });
  if (list.resources.length === 0 && caps.resources && !caps.tools && !caps.prompts)
    out.push({
      code: "host-empty-server",
      subject: "server",
      message: `The server offers only resources and lists none: Gemini CLI refuses it (“No prompts, tools, or resources found on the server.”).`,
    });
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
  const at = (code: Finding["code"], message: string, subject = uri): Finding => ({
    code,
    subject,
    uri,
    message,
  });
  if (read.listed === false)
    out.push(
      at(
        "host-unlisted-read",
        `${short(uri)} is not in the server's list: Gemini CLI's model cannot read it (“Resource not found for URI”).`,
      ),
    );
  const shown = contents.filter((c) => textOf(c) || blobOf(c));
  if (shown.length === 0) {
    out.push(
      at(
        "host-empty-read",
        contents.length === 0
          ? `Reading ${short(uri)} returned no content items: Gemini CLI says “No content returned from resource.”, VS Code “File not found”.`
          : `Reading ${short(uri)} returned only empty items: Gemini CLI says “No content returned from resource.”.`,
      ),
    );
    return out;
  }
  if (contents.length > 1)
    out.push(
      at(
        "host-multiple-contents",
        `Reading ${short(uri)} returned ${contents.length} items: Gemini CLI joins them, VS Code attaches one.`,
      ),
    );
  const picked = vscodeItem(uri, contents);
  // A URI whose path ends in “/” is a folder to VS Code: its items are its children, not a mismatch.
  const folder = /\/$/.test(uri.replace(/[?#].*$/s, ""));
  if ("error" in picked && !folder)
    out.push(
      at(
        "host-content-uri-mismatch",
        `No item read from ${short(uri)} has its path (${contents.map((c) => short(String(c.uri), 60)).join(", ")}): VS Code raises “File is a directory”.`,
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
    if (mime === undefined)
      out.push(
        at(
          "host-blob-without-mime",
          `A blob read from ${short(itemUri)} has no mimeType: Gemini CLI shows “[Binary Data (undefined)]”.`,
          itemUri,
        ),
      );
    else
      out.push(
        at(
          "host-blob-invisible",
          `Gemini CLI's model gets “[Binary Data (${short(mime, 60)})]” for ${short(itemUri)}, never its bytes.`,
          itemUri,
        ),
      );
    if (!isModelImageType(mime))
      out.push(
        at(
          "host-blob-saved-to-disk",
          `Claude Code saves the ${mime ?? "untyped"} blob of ${short(itemUri)} to disk; its model gets a path.`,
          itemUri,
        ),
      );
    // Only the item VS Code attaches matters to it (the first with the requested path).
    else if (c === attached && !vscodeAttachesImage(uri, read.listedMime))
      out.push(
        at(
          "host-image-not-attachable",
          `${short(uri)} reads as ${mime} but is listed ${read.listedMime ? `as ${read.listedMime}` : "without a mimeType and has no image extension"}: VS Code attaches it as a file, not an image.`,
        ),
      );
  }
  const tokens = estimateTokens(chars);
  if (tokens > CLAUDE_LIMIT_TOKENS)
    out.push(
      at(
        "host-text-over-limit",
        `${short(uri)} is ≈ ${tokens.toLocaleString("en")} tokens of text: past Claude Code's 25,000 limit it goes to disk; Gemini CLI sends it whole.`,
      ),
    );
  else if (tokens > CLAUDE_WARN_TOKENS)
    out.push(
      at(
        "host-text-over-warning",
        `${short(uri)} is ≈ ${tokens.toLocaleString("en")} tokens of text: Claude Code warns past 10,000.`,
      ),
    );
  return out;
}

/** A read answered a JSON-RPC error (not the not-found probe). */
export function checkHostReadError(uri: string, message: string, code?: number): Finding[] {
  // The SDK's McpError says “MCP error <code>: <message>”, and that is what Gemini CLI quotes.
  const said = code === undefined ? message : `MCP error ${code}: ${message}`;
  return [
    {
      code: "host-read-error",
      subject: uri,
      uri,
      message: `Reading ${short(uri)} failed; Gemini CLI's model gets “Error: Failed to read resource: ${short(said, 120)}”.`,
    },
  ];
}
