/**
 * The host-compatibility rules: every way a host silently loses a resource (docs/HOSTS.md § Host
 * rules), one stable code each (`host-…`), its severity, the facts it rests on and its words —
 * title, why, and the message a finding says — written once, here, naming only the hosts its facts
 * concern (their names from lib/hosts/types.ts). They join the protocol rules in lib/lint/rules.ts;
 * when each fires is decided in host-checks.ts.
 */
import { short } from "../lint/quote";
import {
  CLAUDE_FACTS as C,
  CLAUDE_LIMIT_TOKENS,
  CLAUDE_PAGINATION_FIXED,
  CLAUDE_WARN_TOKENS,
} from "./claude-code";
import { CODEX_FACTS as X } from "./codex";
import {
  GEMINI_EMPTY_SERVER,
  GEMINI_FACTS as G,
  GEMINI_NO_CONTENT,
  GEMINI_READ_FAILED,
  geminiBlobText,
} from "./gemini-cli";
import { HOST_NAMES, type HostFact, type HostId } from "./types";
import { VSCODE_FACTS as V, VSCODE_IS_DIRECTORY, VSCODE_NOT_FOUND } from "./vscode";

export interface HostRuleFact<H extends HostId = HostId> {
  host: H;
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

/** A rule's words, given the names of the hosts its facts concern (no other host can be named). */
type Words<H extends HostId, M> = (name: Readonly<Record<H, string>>) => {
  title: string;
  why: string;
  /** The finding's message, from what the check saw. */
  message: M;
};

function rule<H extends HostId, M extends (...args: never[]) => string>(
  severity: HostRule["severity"],
  facts: readonly [HostRuleFact<H>, ...HostRuleFact<H>[]],
  words: Words<H, M>,
): HostRule & { message: M } {
  const hosts = [...new Set(facts.map((f) => f.host))];
  const names = {} as Record<H, string>;
  for (const h of hosts) names[h] = HOST_NAMES[h];
  const { title, why, message } = words(names);
  return { severity, title, why, specUrl: facts[0].fact.source.url, hosts, facts, message };
}
const g = (fact: HostFact): HostRuleFact<"gemini-cli"> => ({ host: "gemini-cli", fact });
const c = (fact: HostFact): HostRuleFact<"claude-code"> => ({ host: "claude-code", fact });
const v = (fact: HostFact): HostRuleFact<"vscode"> => ({ host: "vscode", fact });
const x = (fact: HostFact): HostRuleFact<"codex"> => ({ host: "codex", fact });

const OMIT_LAST_CURSOR = "Omit nextCursor on the last page.";
const tokens = (n: number) => n.toLocaleString("en");
/** What Gemini CLI's @-mention parser stops at, besides whitespace (G.mentionParser). */
const MENTION_STOPS = ", ; ! ? ( ) [ ] { }";

export const HOST_RULES = {
  "host-no-resources-capability": rule("error", [g(G.needsCapability), v(V.needsCapability)], (n) => ({
    title: "Resources served without the resources capability",
    why: `${n["gemini-cli"]} and ${n.vscode} ask for resources only when the server declares the capability: these resources are never listed.`,
    message: (count: number) =>
      `resources/list answered ${count} resource(s), but the server declares no resources capability: ${n["gemini-cli"]} and ${n.vscode} never ask for them.`,
  })),
  "host-list-fails": rule("error", [g(G.listFailureDropsServer)], ({ "gemini-cli": gemini }) => ({
    title: `resources/list fails: ${gemini} drops the whole server`,
    why: `${gemini} lists resources before it registers tools and prompts, and re-throws any error but -32601: the server's tools and prompts vanish with its resources.`,
    message: (code: unknown) =>
      `resources/list answered error ${typeof code === "number" ? code : "(no code)"}: ${gemini} drops this whole server, tools and prompts included.`,
  })),
  "host-list-schema-invalid": rule("error", [g(G.schemaRejects)], ({ "gemini-cli": gemini }) => ({
    title: "List answer the SDK schema rejects",
    why: `Hosts parse resources/list with the SDK's schema: a resource without a string uri or name, or a nextCursor that is not a string, fails the whole answer (in ${gemini}, the whole server).`,
    message: (method: string, page: number, why: string) =>
      `Page ${page} of ${method} fails the SDK's schema (${why}): hosts reject the whole answer, and ${gemini} drops the server.`,
  })),
  "host-past-first-page": rule("warning", [c(C.firstPageOnly)], ({ "claude-code": claude }) => ({
    title: "Resources past the first page",
    why: `${claude} before ${CLAUDE_PAGINATION_FIXED} saw only the first page of resources/list; users on older releases miss the rest.`,
    message: () =>
      `resources/list has more than one page: ${claude} before ${CLAUDE_PAGINATION_FIXED} sees only the first.`,
  })),
  "host-codex-paging": rule("info", [x(X.onePage)], ({ codex }) => ({
    title: `${codex}'s model must follow nextCursor`,
    why: `${codex} hands its model one page and the cursor; resources past it are seen only if the model asks again.`,
    message: () =>
      `resources/list is paged: ${codex}'s model gets page 1 and the cursor, and sees the rest only if it asks again.`,
  })),
  "host-null-cursor": rule("error", [g(G.schemaRejects), v(V.paging)], (n) => ({
    title: "nextCursor is null",
    why: `null is not a string: the SDK schema rejects the page (${n["gemini-cli"]} drops the server) and ${n.vscode}, which loops while nextCursor !== undefined, asks again forever.`,
    message: (method: string, page: number) =>
      `Page ${page} of ${method} has "nextCursor": null: the SDK schema rejects it (${n["gemini-cli"]} drops the server) and ${n.vscode} asks for the next page forever. ${OMIT_LAST_CURSOR}`,
  })),
  "host-empty-cursor": rule("error", [v(V.paging), g(G.followsCursor)], (n) => ({
    title: "nextCursor is the empty string",
    why: `${n.vscode} sends "" back and loops forever; ${n["gemini-cli"]} takes it as the end. ${OMIT_LAST_CURSOR}`,
    message: (method: string, page: number) =>
      `Page ${page} of ${method} has "nextCursor": "": ${n.vscode} sends it back and loops forever. ${OMIT_LAST_CURSOR}`,
  })),
  "host-repeating-cursor": rule("error", [g(G.followsCursor), v(V.paging)], (n) => ({
    title: "A cursor repeats: hosts loop forever",
    why: `${n["gemini-cli"]} and ${n.vscode} follow nextCursor with no guard against a cursor they already sent: the list never ends and the server never loads.`,
    message: (method: string, cursor: string, page: number) =>
      `${method} handed out the cursor “${short(cursor, 60)}” again on page ${page}: ${n["gemini-cli"]} and ${n.vscode} loop forever.`,
  })),
  "host-server-name-colon": rule("error", [g(G.qualifiedName)], ({ "gemini-cli": gemini }) => ({
    title: "Server name contains “:”",
    why: `${gemini} splits serverName:uri at the first colon: no resource of a server whose name has one can be @-mentioned or addressed by its qualified name.`,
    message: (name: string) =>
      `The server name “${short(name, 80)}” contains “:”: in ${gemini} its resources cannot be @-mentioned or addressed as ${short(name, 40)}:<uri>. Name it without a colon in the host's config.`,
  })),
  "host-server-name-chars": rule("warning", [c(C.serverNames)], ({ "claude-code": claude }) => ({
    title: `Server name ${claude} does not accept`,
    why: "`claude mcp add` takes names of letters, digits, - and _ only; other names cannot be given there, and how mentions with them split is undocumented.",
    message: (name: string) =>
      `“${short(name, 80)}” is not a name \`claude mcp add\` accepts (letters, digits, - and _).`,
  })),
  "host-uri-breaks-mention": rule("error", [g(G.mentionParser)], ({ "gemini-cli": gemini }) => ({
    title: "URI breaks @-mentions",
    why: `${gemini}'s @ parser stops at whitespace and ${MENTION_STOPS} and drops a trailing dot; the completion it offers inserts the URI unescaped, so the mention reads another (usually no) resource.`,
    message: (uri: string, broken: string) =>
      `@<server>:${short(uri)} in ${gemini}: ${broken}. Avoid whitespace, ${MENTION_STOPS} and a trailing dot in URIs.`,
  })),
  "host-templates-only": rule("error", [g(G.noTemplates), c(C.templates)], (n) => ({
    title: "Content reachable only through a template",
    why: `${n["gemini-cli"]} never lists templates and ${n["claude-code"]}'s model has no tool for them: what a template offers with no listed resource is invisible to those models.`,
    message: (template: string) =>
      `No listed resource matches the template ${short(template)}: what it offers is invisible to ${n["gemini-cli"]} and to ${n["claude-code"]}'s model. List the resources that matter, or a few examples.`,
  })),
  "host-unlisted-read": rule("warning", [g(G.onlyListedReads)], ({ "gemini-cli": gemini }) => ({
    title: "Read of a URI that is not listed",
    why: `${gemini} reads only listed URIs: a template-expanded or linked URI answers “Resource not found” to its model.`,
    message: (uri: string) =>
      `${short(uri)} is not in the server's list: ${gemini}'s model cannot read it (“Resource not found for URI”).`,
  })),
  "host-templates-without-completion": rule("warning", [v(V.templates)], ({ vscode }) => ({
    title: "Templates without completion",
    why: `${vscode} asks the user for each template variable and suggests values only through completion/complete; without the completions capability users type blind.`,
    message: (count: number) =>
      `${count} template(s) but no completions capability: ${vscode} users must type each variable's value blind.`,
  })),
  "host-empty-read": rule("error", [g(G.readFormat), v(V.firstSameUri)], (n) => ({
    title: "Read returns nothing a host can show",
    why: `No items, or only empty text/blob: ${n["gemini-cli"]}'s model gets “${GEMINI_NO_CONTENT}” and ${n.vscode} raises “${VSCODE_NOT_FOUND}”.`,
    message: (uri: string, noItems: boolean) =>
      noItems
        ? `Reading ${short(uri)} returned no content items: ${n["gemini-cli"]} says “${GEMINI_NO_CONTENT}”, ${n.vscode} “${VSCODE_NOT_FOUND}”.`
        : `Reading ${short(uri)} returned only empty items: ${n["gemini-cli"]} says “${GEMINI_NO_CONTENT}”.`,
  })),
  "host-blob-invisible": rule("warning", [g(G.readFormat)], ({ "gemini-cli": gemini }) => ({
    title: "Blob content the model never sees",
    why: `${gemini} gives its model “${geminiBlobText("mimeType")}” for a blob, never the bytes: images and PDFs meant for the model do not reach it.`,
    message: (itemUri: string, mime: string) =>
      `${gemini}'s model gets “${geminiBlobText(short(mime, 60))}” for ${short(itemUri)}, never its bytes.`,
  })),
  "host-blob-without-mime": rule("warning", [g(G.readFormat), v(V.imageAttachment)], (n) => ({
    title: "Blob without mimeType",
    why: `${n["gemini-cli"]} prints “${geminiBlobText(undefined)}”; ${n.vscode} does not treat it as an image unless the path ends in an image extension.`,
    message: (itemUri: string) =>
      `A blob read from ${short(itemUri)} has no mimeType: ${n["gemini-cli"]} shows “${geminiBlobText(undefined)}”.`,
  })),
  "host-image-not-attachable": rule("warning", [v(V.imageAttachment)], ({ vscode }) => ({
    title: `Image ${vscode} does not attach as an image`,
    why: `${vscode} attaches an image only when the listed mimeType is exactly image/png, image/jpeg, image/gif or image/webp, and the read is at most 30 MB; any other image (SVG, image/PNG, a parameter) is attached as a text file.`,
    /** `read`: what the read's attached item is, against what the list says (`listed`). */
    message: (uri: string, listed: string | undefined, read?: string) =>
      read === undefined
        ? `${short(uri)} is listed as “${short(listed ?? "", 60)}”: ${vscode} attaches only image/png, image/jpeg, image/gif and image/webp (exactly so spelled) as images; this one becomes a text file.`
        : `${short(uri)} reads as ${read} but is listed ${listed ? `as ${listed}` : "without a mimeType and has no image extension"}: ${vscode} attaches it as a file, not an image.`,
  })),
  "host-blob-saved-to-disk": rule("info", [c(C.readShape)], ({ "claude-code": claude }) => ({
    title: `Non-image blob saved to disk by ${claude}`,
    why: `${claude} saves a non-image blob to a file and gives its model the path (blobSavedTo), not the content.`,
    message: (itemUri: string, mime: string | undefined) =>
      `${claude} saves the ${mime ?? "untyped"} blob of ${short(itemUri)} to disk; its model gets a path.`,
  })),
  "host-content-uri-mismatch": rule("error", [v(V.firstSameUri)], ({ vscode }) => ({
    title: `No content item has the requested path (${vscode})`,
    why: `${vscode}'s resource file system returns the first item whose URL path equals the requested one; with none, opening or attaching fails with “${VSCODE_IS_DIRECTORY}”.`,
    message: (uri: string, itemUris: readonly unknown[]) =>
      `No item read from ${short(uri)} has its path (${itemUris.map((u) => short(String(u), 60)).join(", ")}): ${vscode} raises “${VSCODE_IS_DIRECTORY}”.`,
  })),
  "host-multiple-contents": rule("info", [g(G.readFormat), v(V.firstSameUri), x(X.rawJson)], (n) => ({
    title: "Several content items in one read",
    why: `${n["gemini-cli"]} joins them with newlines, ${n.vscode} attaches only the first with the requested path, ${n.codex} passes all.`,
    message: (uri: string, count: number) =>
      `Reading ${short(uri)} returned ${count} items: ${n["gemini-cli"]} joins them, ${n.vscode} attaches one.`,
  })),
  "host-opaque-uri": rule("warning", [v(V.resourceUri)], ({ vscode }) => ({
    title: "URI without //authority",
    why: `${vscode} maps resources to mcp-resource://…/<scheme>/<authority>/<path>; a URI like urn:x or mailto: may not map back.`,
    message: (uri: string) =>
      `${short(uri)} has no //authority: ${vscode}'s mcp-resource: form of it may not map back to the server's URI.`,
  })),
  "host-case-only-uris": rule("warning", [v(V.firstSameUri)], ({ vscode }) => ({
    title: "URIs that differ only in path case",
    why: `${vscode} compares content paths case-insensitively: two such resources can be confused.`,
    message: (uri: string, other: string) =>
      `${short(uri)} and ${short(other)} differ only in path case: ${vscode} can confuse them.`,
  })),
  "host-text-over-warning": rule("warning", [c(C.outputLimits)], ({ "claude-code": claude }) => ({
    title: `Text over ~${tokens(CLAUDE_WARN_TOKENS)} tokens`,
    why: `${claude} warns past ${tokens(CLAUDE_WARN_TOKENS)} tokens of MCP output; the model's context fills fast.`,
    message: (uri: string, estimate: number) =>
      `${short(uri)} is ≈ ${tokens(estimate)} tokens of text: ${claude} warns past ${tokens(CLAUDE_WARN_TOKENS)}.`,
  })),
  "host-text-over-limit": rule("warning", [c(C.outputLimits), g(G.noTruncation)], (n) => ({
    title: `Text over ~${tokens(CLAUDE_LIMIT_TOKENS)} tokens`,
    why: `${n["claude-code"]} persists output past MAX_MCP_OUTPUT_TOKENS (${tokens(CLAUDE_LIMIT_TOKENS)} by default) to disk and gives a file reference; ${n["gemini-cli"]} does not truncate at all and can overflow its context.`,
    message: (uri: string, estimate: number) =>
      `${short(uri)} is ≈ ${tokens(estimate)} tokens of text: past ${n["claude-code"]}'s ${tokens(CLAUDE_LIMIT_TOKENS)} limit it goes to disk; ${n["gemini-cli"]} sends it whole.`,
  })),
  "host-large-list": rule("warning", [g(G.listFormat)], ({ "gemini-cli": gemini }) => ({
    title: `List tool output over ~${tokens(CLAUDE_WARN_TOKENS)} tokens`,
    why: `${gemini}'s list_mcp_resources prints every resource with no cap: a long list costs the model's context on every call.`,
    message: (count: number, estimate: number) =>
      `${gemini}'s list_mcp_resources prints all ${count} resources, ≈ ${tokens(estimate)} tokens, on every call.`,
  })),
  "host-description-breaks-list": rule("warning", [g(G.listFormat)], ({ "gemini-cli": gemini }) => ({
    title: `Description breaks ${gemini}'s list lines`,
    why: "list_mcp_resources prints one “- server:uri | name | description” line per resource: a newline or “ | ” in a description corrupts the list the model parses.",
    message: (uri: string, lineBreak: boolean) =>
      `The description of ${short(uri)} contains ${lineBreak ? "a line break" : "“ | ”"}: ${gemini}'s one-line-per-resource list breaks there.`,
  })),
  "host-title-only": rule("info", [g(G.listFormat), c(C.listShape)], (n) => ({
    title: "Title the models never see",
    why: `${n["gemini-cli"]} and ${n["claude-code"]} show their models name and description, never title: what the title says is lost to them.`,
    message: (uri: string, title: string, name: string) =>
      `${short(uri)} has the title “${short(title, 60)}”: ${n["gemini-cli"]} and ${n["claude-code"]} show their models only its name “${short(name, 60)}”.`,
  })),
  "host-read-error": rule("info", [g(G.readError), c(C.readError)], (n) => ({
    title: "What a failing read looks like to a model",
    why: `${n["gemini-cli"]}'s model gets “${GEMINI_READ_FAILED}<message>”; ${n["claude-code"]} has shown “MCP error -32000: Connection closed”. Make the message say what to do.`,
    message: (uri: string, said: string) =>
      `Reading ${short(uri)} failed; ${n["gemini-cli"]}'s model gets “${GEMINI_READ_FAILED}${short(said, 120)}”.`,
  })),
  "host-empty-server": rule("error", [g(G.emptyServer)], ({ "gemini-cli": gemini }) => ({
    title: "Resources-only server with nothing listed",
    why: `${gemini} refuses a server with no prompts, tools or resources: “${GEMINI_EMPTY_SERVER}”`,
    message: () =>
      `The server offers only resources and lists none: ${gemini} refuses it (“${GEMINI_EMPTY_SERVER}”).`,
  })),
} as const satisfies Record<string, HostRule>;

export type HostRuleCode = keyof typeof HOST_RULES;
export const HOST_RULE_CODES = Object.keys(HOST_RULES) as HostRuleCode[];

export function isHostRuleCode(code: string): code is HostRuleCode {
  return Object.hasOwn(HOST_RULES, code);
}
