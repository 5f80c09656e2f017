/**
 * Claude Code as data (closed source: its docs, changelog and issue threads). The model reads
 * resources with ListMcpResourcesTool and ReadMcpResourceTool; users @-mention them.
 */
import { fact } from "./fact";
import { WEBSOCKET_SUPPORT } from "./transports";
import { blobOf, estimateTokens, isModelImageType, mimeOf, note, textOf, mentionBreak } from "./shared";
import type { HostModel, HostReadView, LensNote, ReadInput, ServerView } from "./types";
import { HOST_NAMES } from "./types";

const DOCS = "https://github.com/ericbuess/claude-code-docs/blob/ec68a5b2/docs";
const CHANGELOG = "https://github.com/anthropics/claude-code/blob/5cfc0a19/CHANGELOG.md";

/** Claude Code warns past this many tokens of MCP output (fixed). */
export const CLAUDE_WARN_TOKENS = 10_000;
/** The default maximum (`MAX_MCP_OUTPUT_TOKENS`). */
export const CLAUDE_LIMIT_TOKENS = 25_000;
/** Before this release only the first page of resources/list was seen. */
export const CLAUDE_PAGINATION_FIXED = "2.1.147";

export const CLAUDE_FACTS = {
  readShape: fact(
    "ReadMcpResourceTool returns {contents:[{uri, mimeType?, text?, blobSavedTo?}]}: a blob is saved to disk and the model gets its path. The exact text the model sees is not documented.",
    "inferred",
    "agent-sdk__typescript.md (ReadMcpResourceOutput)",
    `${DOCS}/agent-sdk__typescript.md`,
  ),
  imagesAsImages: fact(
    "PNG, JPEG, GIF and WebP blobs go to the model as image blocks (said of tool results; for ReadMcpResourceTool unknown).",
    "inferred",
    "anthropics/claude-code#72271 (maintainer)",
    "https://github.com/anthropics/claude-code/issues/72271",
  ),
  listShape: fact(
    "ListMcpResourcesTool returns [{uri, name, mimeType?, description?, server}]: no title, size or annotations.",
    "verified",
    "agent-sdk__typescript.md (ListMcpResourcesOutput)",
    `${DOCS}/agent-sdk__typescript.md`,
  ),
  outputLimits: fact(
    "A warning past 10,000 tokens of MCP output; past 25,000 (MAX_MCP_OUTPUT_TOKENS) the output is persisted to disk and replaced with a file reference. Documented for tools; assumed for resources.",
    "inferred",
    "docs/mcp.md “MCP output limits and warnings”",
    `${DOCS}/mcp.md`,
  ),
  firstPageOnly: fact(
    "Before 2.1.147 resources past the first page of resources/list were dropped.",
    "verified",
    "CHANGELOG 2.1.147",
    CHANGELOG,
  ),
  mentions: fact(
    "Users @-mention a resource as @server:protocol://resource/path; it is fetched and attached.",
    "verified",
    "docs/mcp.md “Use MCP resources”",
    `${DOCS}/mcp.md`,
  ),
  serverNames: fact(
    "Names added with `claude mcp add` may hold only letters, digits, - and _; plugin servers are named plugin:<plugin>:<server>, whose split is undocumented.",
    "verified",
    "docs/mcp.md L995, L466",
    `${DOCS}/mcp.md`,
  ),
  templates: fact(
    "No model tool lists templates; resources/templates/list is fetched for @-mentions (2.1.116), whose typeahead searches static resources only. A model may still read an expanded URI it is told.",
    "inferred",
    "CHANGELOG 2.1.116, #41860 (user report)",
    "https://github.com/anthropics/claude-code/issues/41860",
  ),
  readError: fact(
    "A JSON-RPC error from resources/read has surfaced as “MCP error -32000: Connection closed”.",
    "verified",
    "anthropics/claude-code#50025 (user report)",
    "https://github.com/anthropics/claude-code/issues/50025",
  ),
  websocket: WEBSOCKET_SUPPORT["claude-code"].fact,
} as const;

const F = CLAUDE_FACTS;

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/zip": "zip",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "image/svg+xml": "svg",
  "application/octet-stream": "bin",
};

/** Where Claude Code saves a non-image blob (the shape users report for tool results). */
export function blobSavePath(server: string, index: number, mimeType: string | undefined): string {
  const ext =
    (mimeType && EXTENSIONS[mimeType]) ?? mimeType?.split("/")[1]?.replace(/[^a-z0-9]/gi, "") ?? "bin";
  return `~/.claude/projects/<project>/tool-results/mcp-${server}-blob-${index + 1}.${ext || "bin"}`;
}

/** ReadMcpResourceTool's result, as its documented output type (the model's serialization is inferred). */
export function claudeReadResult(input: ReadInput): { contents: object[] } | { error: string } {
  if (input.error) return { error: input.error.message };
  return {
    contents: (input.contents ?? []).map((c, i) => {
      const mimeType = mimeOf(c);
      const text = textOf(c);
      const blob = blobOf(c);
      return {
        uri: typeof c.uri === "string" ? c.uri : input.uri,
        ...(mimeType !== undefined ? { mimeType } : {}),
        ...(text !== undefined ? { text } : {}),
        ...(blob !== undefined && !isModelImageType(mimeType)
          ? { blobSavedTo: blobSavePath(input.serverName, i, mimeType) }
          : {}),
      };
    }),
  };
}

function read(input: ReadInput): HostReadView {
  const notes: LensNote[] = [];
  const result = claudeReadResult(input);
  const json = JSON.stringify(result, null, 2);
  const blocks: HostReadView["blocks"] = [
    { kind: "text", title: "ReadMcpResourceTool → model", text: json, format: "json" },
  ];
  (input.contents ?? []).forEach((c, i) => {
    if (blobOf(c) === undefined) return;
    if (isModelImageType(c.mimeType)) {
      blocks.push({
        kind: "image",
        title: `Image block (item ${i + 1})`,
        mimeType: mimeOf(c)!,
        contentIndex: i,
      });
      notes.push(
        note("info", `Item ${i + 1} (${mimeOf(c)}) reaches the model as an image.`, F.imagesAsImages),
      );
    } else
      notes.push(
        note(
          "warning",
          `Item ${i + 1} (${mimeOf(c) ?? "no mimeType"}) is saved to disk: the model gets a path, not the content.`,
          F.readShape,
        ),
      );
  });
  const chars = (input.contents ?? []).reduce((n, c) => n + (textOf(c)?.length ?? 0), 0);
  const estimate = estimateTokens(chars);
  if (estimate > CLAUDE_LIMIT_TOKENS)
    notes.push(
      note(
        "warning",
        `≈ ${estimate.toLocaleString("en")} tokens: past the 25,000 limit, the text is persisted to disk and the model gets a file reference.`,
        F.outputLimits,
      ),
    );
  else if (estimate > CLAUDE_WARN_TOKENS)
    notes.push(
      note("warning", `≈ ${estimate.toLocaleString("en")} tokens: past the 10,000 warning.`, F.outputLimits),
    );
  if (input.error)
    notes.push(note("info", "The model may see only “MCP error -32000: Connection closed”.", F.readError));
  return {
    host: "claude-code",
    audience: "model",
    blocks,
    notes,
    mention: claudeMention(input.serverName, input.uri),
    tokens: { estimate, warnAt: CLAUDE_WARN_TOKENS, limit: CLAUDE_LIMIT_TOKENS },
  };
}

export function claudeMention(serverName: string, uri: string): HostReadView["mention"] {
  const text = `@${serverName}:${uri}`;
  if (!/^[A-Za-z0-9_-]+$/.test(serverName))
    return {
      text,
      works: false,
      why: `“${serverName}” is not a name \`claude mcp add\` accepts (letters, digits, - and _ only); how a mention with it is split is undocumented.`,
    };
  const broken = mentionBreak(uri);
  if (broken) return { text, works: true, why: `Parsing is undocumented; in Gemini CLI ${broken}.` };
  return { text, works: true };
}

export function claudeListJson(server: ServerView): string {
  return JSON.stringify(
    server.resources.map((r) => ({
      uri: r.uri,
      name: r.name,
      ...(r.mimeType !== undefined ? { mimeType: r.mimeType } : {}),
      ...(r.description !== undefined ? { description: r.description } : {}),
      server: server.name,
    })),
    null,
    2,
  );
}

export const claudeCode: HostModel = {
  id: "claude-code",
  label: HOST_NAMES["claude-code"],
  version: "2.1.240",
  describedFrom: "CHANGELOG up to 2.1.240 and the docs of 2026-08-22 (closed source)",
  modelReads: true,
  facts: CLAUDE_FACTS,
  read,
  list: (server) => ({
    host: "claude-code",
    title: `ListMcpResourcesTool {"server":"${server.name}"} → model`,
    text: claudeListJson(server),
    format: "json",
    audience: "model",
  }),
  reach: (server) => ({
    host: "claude-code",
    reachable: server.capabilities?.resources && !server.listError ? server.resources.length : 0,
    total: server.resources.length,
    templates: server.templates.length > 0 ? "user" : "none",
    pages:
      server.pages > 1
        ? `every page (only page 1 before ${CLAUDE_PAGINATION_FIXED}: ${server.firstPage ?? "?"} of ${server.resources.length})`
        : "every page",
    blobs: "images as images; other blobs saved to disk, the model gets a path",
    ...(server.listError ? { lost: `resources/list failed (${server.listError})` } : {}),
  }),
};
