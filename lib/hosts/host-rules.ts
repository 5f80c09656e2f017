/**
 * The host-compatibility rules: every way a host silently loses a resource (HOSTS.md §5), one
 * stable code each (`host-…`), its severity, the hosts it affects and the facts it rests on. They
 * join the protocol rules in lib/lint/rules.ts; their bodies are in host-checks.ts.
 */
import { CLAUDE_FACTS as C } from "./claude-code";
import { CODEX_FACTS as X } from "./codex";
import { GEMINI_FACTS as G } from "./gemini-cli";
import type { HostFact, HostId } from "./types";
import { VSCODE_FACTS as V } from "./vscode";

export interface HostRuleFact {
  host: HostId;
  fact: HostFact;
}

export interface HostRule {
  severity: "error" | "warning" | "info";
  title: string;
  why: string;
  /** Where the first fact comes from (the protocol rules' spec link, for exports). */
  specUrl: string;
  hosts: readonly HostId[];
  facts: readonly HostRuleFact[];
}

function rule(
  severity: HostRule["severity"],
  title: string,
  why: string,
  facts: readonly HostRuleFact[],
): HostRule {
  return {
    severity,
    title,
    why,
    specUrl: facts[0]!.fact.source.url,
    hosts: [...new Set(facts.map((f) => f.host))],
    facts,
  };
}
const g = (fact: HostFact): HostRuleFact => ({ host: "gemini-cli", fact });
const c = (fact: HostFact): HostRuleFact => ({ host: "claude-code", fact });
const v = (fact: HostFact): HostRuleFact => ({ host: "vscode", fact });
const x = (fact: HostFact): HostRuleFact => ({ host: "codex", fact });

export const HOST_RULES = {
  "host-no-resources-capability": rule(
    "error",
    "Resources served without the resources capability",
    "Gemini CLI and VS Code ask for resources only when the server declares the capability: these resources are never listed.",
    [g(G.needsCapability), v(V.needsCapability)],
  ),
  "host-list-fails": rule(
    "error",
    "resources/list fails: Gemini CLI drops the whole server",
    "Gemini CLI lists resources before it registers tools and prompts, and re-throws any error but -32601: the server's tools and prompts vanish with its resources.",
    [g(G.listFailureDropsServer)],
  ),
  "host-list-schema-invalid": rule(
    "error",
    "List answer the SDK schema rejects",
    "Hosts parse resources/list with the SDK's schema: a resource without a string uri or name, or a nextCursor that is not a string, fails the whole answer (in Gemini CLI, the whole server).",
    [g(G.schemaRejects)],
  ),
  "host-past-first-page": rule(
    "warning",
    "Resources past the first page",
    "Claude Code before 2.1.147 saw only the first page of resources/list; users on older releases miss the rest.",
    [c(C.firstPageOnly)],
  ),
  "host-codex-paging": rule(
    "info",
    "Codex's model must follow nextCursor",
    "Codex hands its model one page and the cursor; resources past it are seen only if the model asks again.",
    [x(X.onePage)],
  ),
  "host-null-cursor": rule(
    "error",
    "nextCursor is null",
    "null is not a string: the SDK schema rejects the page (Gemini CLI drops the server) and VS Code, which loops while nextCursor !== undefined, asks again forever.",
    [g(G.schemaRejects), v(V.paging)],
  ),
  "host-empty-cursor": rule(
    "error",
    "nextCursor is the empty string",
    'VS Code sends "" back and loops forever; Gemini CLI takes it as the end. Omit nextCursor on the last page.',
    [v(V.paging), g(G.followsCursor)],
  ),
  "host-repeating-cursor": rule(
    "error",
    "A cursor repeats: hosts loop forever",
    "Gemini CLI and VS Code follow nextCursor with no guard against a cursor they already sent: the list never ends and the server never loads.",
    [g(G.followsCursor), v(V.paging)],
  ),
  "host-server-name-colon": rule(
    "error",
    "Server name contains “:”",
    "Gemini CLI splits serverName:uri at the first colon: no resource of a server whose name has one can be @-mentioned or addressed by its qualified name.",
    [g(G.qualifiedName)],
  ),
  "host-server-name-chars": rule(
    "warning",
    "Server name Claude Code does not accept",
    "`claude mcp add` takes names of letters, digits, - and _ only; other names cannot be given there, and how mentions with them split is undocumented.",
    [c(C.serverNames)],
  ),
  "host-uri-breaks-mention": rule(
    "error",
    "URI breaks @-mentions",
    "Gemini CLI's @ parser stops at whitespace and , ; ! ? ( ) [ ] { } and drops a trailing dot; the completion it offers inserts the URI unescaped, so the mention reads another (usually no) resource.",
    [g(G.mentionParser)],
  ),
  "host-templates-only": rule(
    "error",
    "Content reachable only through a template",
    "Gemini CLI never lists templates and Claude Code's model has no tool for them: what a template offers with no listed resource is invisible to those models.",
    [g(G.noTemplates), c(C.templates)],
  ),
  "host-unlisted-read": rule(
    "warning",
    "Read of a URI that is not listed",
    "Gemini CLI reads only listed URIs: a template-expanded or linked URI answers “Resource not found” to its model.",
    [g(G.onlyListedReads)],
  ),
  "host-templates-without-completion": rule(
    "warning",
    "Templates without completion",
    "VS Code asks the user for each template variable and suggests values only through completion/complete; without the completions capability users type blind.",
    [v(V.templates)],
  ),
  "host-empty-read": rule(
    "error",
    "Read returns nothing a host can show",
    "No items, or only empty text/blob: Gemini CLI's model gets “No content returned from resource.” and VS Code raises “File not found”.",
    [g(G.readFormat), v(V.firstSameUri)],
  ),
  "host-blob-invisible": rule(
    "warning",
    "Blob content the model never sees",
    "Gemini CLI gives its model “[Binary Data (mimeType)]” for a blob, never the bytes: images and PDFs meant for the model do not reach it.",
    [g(G.readFormat)],
  ),
  "host-blob-without-mime": rule(
    "warning",
    "Blob without mimeType",
    "Gemini CLI prints “[Binary Data (undefined)]”; VS Code does not treat it as an image unless the path ends in an image extension.",
    [g(G.readFormat), v(V.imageAttachment)],
  ),
  "host-image-not-attachable": rule(
    "warning",
    "Image VS Code does not attach as an image",
    "VS Code attaches an image only when the listed mimeType is exactly image/png, image/jpeg, image/gif or image/webp, and the read is at most 30 MB; any other image (SVG, image/PNG, a parameter) is attached as a text file.",
    [v(V.imageAttachment)],
  ),
  "host-blob-saved-to-disk": rule(
    "info",
    "Non-image blob saved to disk by Claude Code",
    "Claude Code saves a non-image blob to a file and gives its model the path (blobSavedTo), not the content.",
    [c(C.readShape)],
  ),
  "host-content-uri-mismatch": rule(
    "error",
    "No content item has the requested path (VS Code)",
    "VS Code's resource file system returns the first item whose URL path equals the requested one; with none, opening or attaching fails with “File is a directory”.",
    [v(V.firstSameUri)],
  ),
  "host-multiple-contents": rule(
    "info",
    "Several content items in one read",
    "Gemini CLI joins them with newlines, VS Code attaches only the first with the requested path, Codex passes all.",
    [g(G.readFormat), v(V.firstSameUri), x(X.rawJson)],
  ),
  "host-opaque-uri": rule(
    "warning",
    "URI without //authority",
    "VS Code maps resources to mcp-resource://…/<scheme>/<authority>/<path>; a URI like urn:x or mailto: may not map back.",
    [v(V.resourceUri)],
  ),
  "host-case-only-uris": rule(
    "warning",
    "URIs that differ only in path case",
    "VS Code compares content paths case-insensitively: two such resources can be confused.",
    [v(V.firstSameUri)],
  ),
  "host-text-over-warning": rule(
    "warning",
    "Text over ~10,000 tokens",
    "Claude Code warns past 10,000 tokens of MCP output; the model's context fills fast.",
    [c(C.outputLimits)],
  ),
  "host-text-over-limit": rule(
    "warning",
    "Text over ~25,000 tokens",
    "Claude Code persists output past MAX_MCP_OUTPUT_TOKENS (25,000 by default) to disk and gives a file reference; Gemini CLI does not truncate at all and can overflow its context.",
    [c(C.outputLimits), g(G.noTruncation)],
  ),
  "host-large-list": rule(
    "warning",
    "List tool output over ~10,000 tokens",
    "Gemini CLI's list_mcp_resources prints every resource with no cap: a long list costs the model's context on every call.",
    [g(G.listFormat)],
  ),
  "host-description-breaks-list": rule(
    "warning",
    "Description breaks Gemini CLI's list lines",
    "list_mcp_resources prints one “- server:uri | name | description” line per resource: a newline or “ | ” in a description corrupts the list the model parses.",
    [g(G.listFormat)],
  ),
  "host-title-only": rule(
    "info",
    "Title the models never see",
    "Gemini CLI and Claude Code show their models name and description, never title: what the title says is lost to them.",
    [g(G.listFormat), c(C.listShape)],
  ),
  "host-read-error": rule(
    "info",
    "What a failing read looks like to a model",
    "Gemini CLI's model gets “Error: Failed to read resource: <message>”; Claude Code has shown “MCP error -32000: Connection closed”. Make the message say what to do.",
    [g(G.readError), c(C.readError)],
  ),
  "host-empty-server": rule(
    "error",
    "Resources-only server with nothing listed",
    "Gemini CLI refuses a server with no prompts, tools or resources: “No prompts, tools, or resources found on the server.”",
    [g(G.emptyServer)],
  ),
} as const satisfies Record<string, HostRule>;

export type HostRuleCode = keyof typeof HOST_RULES;
export const HOST_RULE_CODES = Object.keys(HOST_RULES) as HostRuleCode[];

export function isHostRuleCode(code: string): code is HostRuleCode {
  return Object.hasOwn(HOST_RULES, code);
}
