/**
 * Gemini CLI as data: how it lists, reads and @-mentions a server's resources, with the line of
 * its code each behaviour comes from. A new release is a change here (and in its tests).
 */
import { fact } from "./fact";
import { WEBSOCKET_SUPPORT } from "./transports";
import {
  blobBytes,
  blobOf,
  escapedMention,
  MENTION_STOP,
  mentionBreak,
  mimeOf,
  note,
  textOf,
} from "./shared";
import type { HostModel, HostReadView, LensNote, ReadInput, ServerView } from "./types";
import { HOST_NAMES } from "./types";

const COMMIT = "5411f113cafae26161b4969b0237b8e1e024e2c2";
const src = (path: string, line?: number) =>
  `https://github.com/google-gemini/gemini-cli/blob/${COMMIT}/${path}${line ? `#L${line}` : ""}`;
const CLIENT = "packages/core/src/tools/mcp-client.ts";
const READ = "packages/core/src/tools/read-mcp-resource.ts";
const LIST = "packages/core/src/tools/list-mcp-resources.ts";
const AT = "packages/cli/src/ui/hooks/atCommandProcessor.ts";
const REGISTRY = "packages/core/src/resources/resource-registry.ts";

/** What read_mcp_resource gives the model when no text or blob is left (read-mcp-resource.ts L155). */
export const GEMINI_NO_CONTENT = "No content returned from resource.";
/** How read_mcp_resource gives the model a failing read, before the error's message. */
export const GEMINI_READ_FAILED = "Error: Failed to read resource: ";
/** Why a server with nothing to offer is refused. */
export const GEMINI_EMPTY_SERVER = "No prompts, tools, or resources found on the server.";
/** What read_mcp_resource gives the model for a blob: its mimeType, never its bytes. */
export const geminiBlobText = (mimeType: unknown) => `[Binary Data (${String(mimeType)})]`;

export const GEMINI_FACTS = {
  needsCapability: fact(
    "Resources are listed only when the server declares the resources capability.",
    "verified",
    "mcp-client.ts L1545",
    src(CLIENT, 1545),
  ),
  listFailureDropsServer: fact(
    "A resources/list error other than -32601 is re-thrown during discovery, before tools and prompts are registered: the whole server (tools and prompts too) is dropped.",
    "verified",
    "mcp-client.ts discoverInto L231–256",
    src(CLIENT, 231),
  ),
  schemaRejects: fact(
    "The list answer is parsed with the SDK's ListResourcesResultSchema (SDK 1.23): a resource without a string name or uri, or a nextCursor that is not a string, fails it, and the failure drops the server like any list error.",
    "inferred",
    "mcp-client.ts L1559–1585",
    src(CLIENT, 1559),
  ),
  followsCursor: fact(
    "Pagination is followed while nextCursor is truthy, with no guard against a repeated cursor and no page cap; an empty-string cursor ends the walk.",
    "verified",
    "mcp-client.ts L1559–1571",
    src(CLIENT, 1559),
  ),
  noTemplates: fact(
    "No resources/templates/list, no subscriptions: templates are invisible, and only listed URIs can be read.",
    "verified",
    "git grep of packages/ at 5411f113 (no match)",
    src("packages/core/src/tools"),
  ),
  onlyListedReads: fact(
    "read_mcp_resource reads only URIs in the discovered list; any other URI answers “Error: Resource not found for URI: …”.",
    "verified",
    "read-mcp-resource.ts L108–118",
    src(READ, 108),
  ),
  readFormat: fact(
    "read_mcp_resource gives the model each text item followed by a newline, a blob as “[Binary Data (mimeType)]”, and “No content returned from resource.” when nothing is left; blob bytes never reach the model and contents[].uri is ignored.",
    "verified",
    "read-mcp-resource.ts L140–155",
    src(READ, 140),
  ),
  listFormat: fact(
    "list_mcp_resources gives “Available MCP Resources:” and one line per resource, “- server:uri | name | description” (name and description only when set; title, mimeType and size never).",
    "verified",
    "list-mcp-resources.ts L106–116",
    src(LIST, 106),
  ),
  qualifiedName: fact(
    "A resource is addressed as serverName:uri, split at the first “:”: a server name with a colon can never be addressed, and @-mentions need the qualified form.",
    "verified",
    "resource-registry.ts L52",
    src(REGISTRY, 52),
  ),
  mentionParser: fact(
    "An @-mention stops at whitespace or any of , ; ! ? ( ) [ ] { } and drops a trailing “.”, unless the character is backslash-escaped; picked completions are inserted unescaped.",
    "verified",
    "atCommandProcessor.ts L61",
    src(AT, 61),
  ),
  mentionFormat: fact(
    "A mentioned resource is added to the prompt after “--- Content from referenced files ---” as “Content from @uri:” and its items (a blob as “[Binary resource content mime, N bytes]”), then “--- End of content ---”; a failing read aborts the whole prompt.",
    "verified",
    "atCommandProcessor.ts L481, L708–737, L784",
    src(AT, 708),
  ),
  noTruncation: fact(
    "read_mcp_resource and @-mentions are not truncated: a very large text goes to the model whole.",
    "verified",
    "scheduler/tool-executor.ts",
    src("packages/core/src/scheduler/tool-executor.ts"),
  ),
  emptyServer: fact(
    `A server with no prompts, tools or resources is refused: “${GEMINI_EMPTY_SERVER}”`,
    "verified",
    "mcp-client.ts L247",
    src(CLIENT, 247),
  ),
  readError: fact(
    "A failing resources/read gives the model “Error: Failed to read resource: <message>”.",
    "verified",
    "read-mcp-resource.ts L157–165",
    src(READ, 157),
  ),
  websocket: WEBSOCKET_SUPPORT["gemini-cli"].fact,
} as const;

const F = GEMINI_FACTS;

/** What `read_mcp_resource` hands the model (llmContent), exactly. */
export function geminiReadText(input: ReadInput): string {
  if (!input.isListed) return `Error: Resource not found for URI: ${input.uri}`;
  if (input.error) return `${GEMINI_READ_FAILED}${input.error.message}`;
  let out = "";
  for (const c of input.contents ?? []) {
    const text = textOf(c);
    const blob = blobOf(c);
    if (text) out += `${text}\n`;
    else if (blob) out += `${geminiBlobText(c.mimeType)}\n`;
  }
  return out || GEMINI_NO_CONTENT;
}

/** The prompt an `@server:uri` mention becomes (the user's text, then the referenced content). */
export function geminiMentionPrompt(mention: string, input: ReadInput): string {
  let out = `${mention}\n--- Content from referenced files ---\nContent from @${input.uri}:\n`;
  for (const c of input.contents ?? []) {
    const text = textOf(c);
    const blob = blobOf(c);
    if (typeof c.text === "string") out += text;
    else if (blob !== undefined)
      out += `[Binary resource content ${mimeOf(c) ?? "application/octet-stream"}, ${blobBytes(blob)} bytes]`;
  }
  return `${out}\n--- End of content ---`;
}

export function geminiMention(serverName: string, uri: string): HostReadView["mention"] {
  const text = `@${serverName}:${uri}`;
  if (serverName.includes(":"))
    return {
      text,
      works: false,
      why: `The server name “${serverName}” contains “:”; Gemini CLI splits at the first colon, so no mention can reach this server. Rename it in settings.json.`,
    };
  // The parser stops in the name as it does in the URI (a config key may hold spaces).
  const nameStop = MENTION_STOP.exec(serverName);
  if (nameStop)
    return {
      text,
      works: false,
      why: `Typed as is, the mention is cut at the ${/\s/.test(nameStop[0]) ? "whitespace" : `“${nameStop[0]}”`} in the server name “${serverName}”. Escaped, it works: ${escapedMention(text)}`,
    };
  const broken = mentionBreak(uri);
  if (broken)
    return {
      text,
      works: false,
      why: `Typed as is, ${broken}. Escaped, it works: ${escapedMention(text)}`,
    };
  return { text, works: true };
}

function read(input: ReadInput): HostReadView {
  const notes: LensNote[] = [];
  const contents = input.contents ?? [];
  if (!input.isListed)
    notes.push(
      note("error", "This URI is not in the server's list: Gemini CLI cannot read it.", F.onlyListedReads),
    );
  for (const c of contents)
    if (blobOf(c))
      notes.push(
        note(
          "warning",
          mimeOf(c)
            ? `The model gets “${geminiBlobText(mimeOf(c))}”, never the bytes.`
            : `A blob without mimeType: the model gets “${geminiBlobText(undefined)}”.`,
          F.readFormat,
        ),
      );
  if (contents.length > 1)
    notes.push(
      note("info", `${contents.length} items are joined with newlines into one text.`, F.readFormat),
    );
  const mention = geminiMention(input.serverName, input.uri);
  const blocks: HostReadView["blocks"] = [
    { kind: "text", title: "read_mcp_resource → model", text: geminiReadText(input), format: "text" },
  ];
  if (mention && input.isListed && !input.error)
    blocks.push({
      kind: "text",
      title: `${mention.text} → prompt`,
      text: geminiMentionPrompt(mention.text, input),
      format: "text",
    });
  else if (input.error)
    blocks.push({
      kind: "omitted",
      title: "@ mention",
      reason: `The whole prompt is aborted: “Exiting due to an error processing the @ command: Error reading resource ${input.uri}: …”.`,
    });
  if (mention && !mention.works) notes.push(note("error", mention.why ?? "", F.mentionParser));
  return { host: "gemini-cli", audience: "model", blocks, notes, mention };
}

/** `list_mcp_resources {serverName}`'s text for one server, exactly. */
export function geminiListText(server: ServerView): string {
  const usable = usableResources(server);
  if (usable.length === 0) return `No resources found for server: ${server.name}`;
  let out = "Available MCP Resources:\n";
  for (const r of usable)
    out += `- ${server.name}:${r.uri}${r.name ? ` | ${r.name}` : ""}${r.description ? ` | ${r.description}` : ""}\n`;
  return out;
}

/** What Gemini CLI keeps of a server's list: nothing when it is lost, falsy URIs skipped, last duplicate wins. */
function usableResources(server: ServerView): ServerView["resources"] {
  if (lostBecause(server)) return [];
  const byUri = new Map<string, ServerView["resources"][number]>();
  for (const r of server.resources) if (r.uri) byUri.set(r.uri, r);
  return [...byUri.values()];
}

function lostBecause(server: ServerView): string | undefined {
  if (!server.capabilities?.resources)
    return "it declares no resources capability, so no resources are listed";
  if (server.listError)
    return `resources/list failed (${server.listError}): the whole server is dropped, tools too`;
  return undefined;
}

export const geminiCli: HostModel = {
  id: "gemini-cli",
  label: HOST_NAMES["gemini-cli"],
  version: "0.56.0-nightly.20260806",
  describedFrom: `google-gemini/gemini-cli at ${COMMIT.slice(0, 8)} (2026-08-21), MCP SDK 1.23.0`,
  modelReads: true,
  facts: GEMINI_FACTS,
  read,
  list: (server) => ({
    host: "gemini-cli",
    title: `list_mcp_resources {"serverName":"${server.name}"} → model`,
    text: geminiListText(server),
    format: "text",
    audience: "model",
  }),
  reach: (server) => {
    const lost = lostBecause(server);
    return {
      host: "gemini-cli",
      reachable: usableResources(server).length,
      total: server.resources.length,
      templates: "none",
      pages: "every page; Gemini CLI itself would loop forever if a server repeated a cursor",
      blobs: "a placeholder, never the bytes",
      ...(lost ? { lost } : {}),
    };
  },
};
