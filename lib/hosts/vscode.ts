/**
 * VS Code (Copilot Chat) as data: resources are for the user, never the model's own tool. A user
 * picks one (Add Context › MCP Resources) and it becomes an attachment: an image, or a file of the
 * virtual `mcp-resource:` file system holding one content item.
 */
import { fact } from "./fact";
import { WEBSOCKET_SUPPORT } from "./transports";
import { blobBytes, blobOf, isModelImageType, mimeOf, note, textOf, urlPathname } from "./shared";
import type { HostModel, HostReadView, LensNote, ReadContent, ReadInput, ServerView } from "./types";
import { HOST_NAMES } from "./types";

const base = (commit: string, file: string) =>
  `https://github.com/microsoft/vscode/blob/${commit}/src/vs/workbench/contrib/mcp/${file}`;
const FS = base("0e6aa56043dae86b7ce6306688e12e977987bb4c", "common/mcpResourceFilesystem.ts");
const TYPES = base("c7ab649915a6af28c5874ad8dd7cc4dcc7c06859", "common/mcpTypes.ts");
const HANDLER = base("1418a96b8e7acdf7609921fcff54eb0069ede5e5", "common/mcpServerRequestHandler.ts");
const PICKER = base("0e5f515133f4cf394de3fac81da269301bd8a956", "browser/mcpResourceQuickAccess.ts");
const RESOLVE =
  "https://github.com/microsoft/vscode/blob/06f082c610051925cf75018709aa85709bfdba55/src/vs/workbench/contrib/chat/browser/chatAttachmentResolveService.ts";

/** What readFile raises when the read has no content items, and when none has the requested path. */
export const VSCODE_NOT_FOUND = "File not found";
export const VSCODE_IS_DIRECTORY = "File is a directory";
/** Images larger than this are refused as attachments. */
export const VSCODE_IMAGE_LIMIT = 30 * 1024 * 1024;
const AUTHORITY_PLACEHOLDER = "dylo78gyp";

export const VSCODE_FACTS = {
  userOnly: fact(
    "No model tool reads resources: a user attaches them (Add Context › MCP Resources, MCP: Browse Resources).",
    "verified",
    "mcpLanguageModelToolContribution.ts; microsoft/vscode#291004",
    "https://github.com/microsoft/vscode/issues/291004",
  ),
  resourceUri: fact(
    "A resource becomes mcp-resource://<hex server id>/<scheme>/<authority or dylo78gyp>/<path>, query and fragment kept; URIs without an authority may not round-trip.",
    "verified",
    "mcpTypes.ts McpResourceURI",
    TYPES,
  ),
  firstSameUri: fact(
    `readFile returns only the first content item whose URL pathname equals the requested one, case-insensitively (a trailing / is stripped from the request only); none but others present → “${VSCODE_IS_DIRECTORY}”; no contents → “${VSCODE_NOT_FOUND}”.`,
    "verified",
    "mcpResourceFilesystem.ts readFile L219–233, L294–299",
    `${FS}#L219`,
  ),
  imageAttachment: fact(
    "A resource is attached as an image when its listed mimeType is exactly image/png, image/jpeg, image/gif or image/webp (or, without one, its path ends in .png/.jpg/.jpeg/.gif/.webp), and all its items together are at most 30 MB; everything else is a file, read as text.",
    "verified",
    "chatAttachmentResolveService.ts L156–185; mcpResourceQuickAccess.ts L103–115",
    `${RESOLVE}#L156`,
  ),
  paging: fact(
    "Lists are followed while nextCursor !== undefined, with no guard: a null, empty or repeating cursor loops forever.",
    "verified",
    "mcpServerRequestHandler.ts sendRequestPaginated L180–196",
    `${HANDLER}#L180`,
  ),
  templates: fact(
    "Templates are offered in the picker; each variable is asked for, with completion/complete suggestions when the server has them.",
    "verified",
    "mcpResourceQuickAccess.ts",
    PICKER,
  ),
  needsCapability: fact(
    "Only servers whose capabilities include resources are asked for resources.",
    "verified",
    "mcpResourceQuickAccess.ts",
    PICKER,
  ),
  websocket: WEBSOCKET_SUPPORT.vscode.fact,
} as const;

const F = VSCODE_FACTS;

function hex(s: string): string {
  let out = "";
  for (const b of new TextEncoder().encode(s)) out += b.toString(16).padStart(2, "0");
  return out;
}

/** The `mcp-resource:` URI VS Code gives a server's resource (the server's name stands in for its definition id). */
export function mcpResourceUri(serverName: string, uri: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(\/\/([^/?#]*))?([^?#]*)(.*)$/.exec(uri);
  if (!m) return `mcp-resource://${hex(serverName)}/${uri}`;
  const [, scheme, , authority, path, rest] = m;
  // The path is glued on as is: `urn:x:y` becomes …/urn/dylo78gypx:y (hence host-opaque-uri).
  return `mcp-resource://${hex(serverName)}/${scheme}/${authority || AUTHORITY_PLACEHOLDER}${path}${rest}`;
}

/** VS Code strips one trailing “/” from the requested path only, then compares case-insensitively. */
function samePath(item: string | null, requested: string | null): boolean {
  if (item === null || requested === null) return false;
  const want = requested.endsWith("/") ? requested.slice(0, -1) : requested;
  return item.toLowerCase() === want.toLowerCase();
}

/** Which content item VS Code's file system returns for `uri` (its index), or the error it raises. */
export function vscodeItem(
  uri: string,
  contents: readonly ReadContent[],
): { index: number } | { error: string } {
  if (contents.length === 0) return { error: VSCODE_NOT_FOUND };
  const want = urlPathname(uri);
  const index = contents.findIndex((c) => typeof c.uri === "string" && samePath(urlPathname(c.uri), want));
  return index === -1 ? { error: VSCODE_IS_DIRECTORY } : { index };
}

/** The listed mimeTypes VS Code attaches as images: compared as exact strings, so `image/PNG` or `image/png; q=1` is a file. */
const VSCODE_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

function itemBytes(c: ReadContent): number {
  const blob = blobOf(c);
  if (blob !== undefined) return blobBytes(blob);
  const text = textOf(c);
  return text === undefined ? 0 : new TextEncoder().encode(text).length;
}

/** Whether VS Code attaches the resource as an image (judged by the listed entry, as its picker does). */
export function vscodeAttachesImage(uri: string, listedMime: string | undefined): boolean {
  if (listedMime !== undefined) return VSCODE_IMAGE_TYPES.has(listedMime);
  // It judges the path of the mcp-resource: URI, which holds the authority too (demo://a.png → /demo/a.png).
  return /\.(png|jpe?g|gif|webp)$/i.test(uri.replace(/[?#].*$/s, ""));
}

function read(input: ReadInput): HostReadView {
  const notes: LensNote[] = [];
  const attachUri = mcpResourceUri(input.serverName, input.uri);
  const blocks: HostReadView["blocks"] = [
    { kind: "text", title: "Attachment URI", text: attachUri, format: "text" },
  ];
  if (input.error) {
    blocks.push({ kind: "omitted", title: "Attachment", reason: `The read fails: ${input.error.message}` });
    return { host: "vscode", audience: "user", blocks, notes };
  }
  const contents = input.contents ?? [];
  const picked = vscodeItem(input.uri, contents);
  const listedMime = input.listed ? mimeOf(input.listed) : undefined;
  if ("error" in picked && /\/$/.test(input.uri.replace(/[?#].*$/s, ""))) {
    blocks.push({
      kind: "omitted",
      title: "Folder",
      reason: `A path ending in “/” is a folder in VS Code: its ${contents.length} item(s) are shown as its children, not attached.`,
    });
    return { host: "vscode", audience: "user", blocks, notes };
  }
  if ("error" in picked) {
    blocks.push({ kind: "omitted", title: "Attachment", reason: `VS Code raises “${picked.error}”.` });
    notes.push(
      note(
        "error",
        picked.error === VSCODE_NOT_FOUND
          ? "The read has no content items: nothing can be attached."
          : "No content item's uri has the requested path: the resource cannot be opened or attached.",
        F.firstSameUri,
      ),
    );
    return { host: "vscode", audience: "user", blocks, notes };
  }
  const item = contents[picked.index]!;
  if (contents.length > 1)
    notes.push(
      note("info", `Only item ${picked.index + 1} of ${contents.length} is attached.`, F.firstSameUri),
    );
  if (vscodeAttachesImage(input.uri, listedMime)) {
    // The limit is on the file VS Code reads: every item's bytes together (stat.size).
    const bytes = contents.reduce((n, c) => n + itemBytes(c), 0);
    if (bytes > VSCODE_IMAGE_LIMIT) {
      blocks.push({
        kind: "omitted",
        title: "Image attachment",
        reason: "Over 30 MB: “The image is too large to be attached.”",
      });
      notes.push(
        note("warning", "The items together are over 30 MB: the image is refused.", F.imageAttachment),
      );
    } else
      blocks.push({
        kind: "image",
        title: `Image attachment (item ${picked.index + 1})`,
        mimeType: mimeOf(item) ?? listedMime ?? "image/png",
        contentIndex: picked.index,
      });
  } else {
    const text = textOf(item);
    const blob = blobOf(item);
    if (blob !== undefined && isModelImageType(mimeOf(item)))
      notes.push(
        note(
          "warning",
          "The read returns an image, but the listed entry does not say so: VS Code attaches it as a file, not an image.",
          F.imageAttachment,
        ),
      );
    blocks.push({
      kind: "text",
      title: `File attachment (item ${picked.index + 1})`,
      text: text ?? (blob !== undefined ? `(${blobBytes(blob)} bytes of binary, read as text)` : ""),
      format: "text",
    });
  }
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(input.uri))
    notes.push(
      note("warning", "The URI has no //authority: its mcp-resource: form may not map back.", F.resourceUri),
    );
  return { host: "vscode", audience: "user", blocks, notes };
}

export function vscodePickerText(server: ServerView): string {
  const lines: string[] = [];
  for (const r of server.resources)
    lines.push(
      `${r.title || r.name}${r.description ? ` — ${r.description}` : ""}\n    ${mcpResourceUri(server.name, r.uri)}${r.size !== undefined ? ` (${r.size} B)` : ""}`,
    );
  for (const t of server.templates)
    lines.push(`${t.title || t.name}\n    Resource template: ${t.uriTemplate}`);
  return lines.join("\n") || "(no resources)";
}

export const vscode: HostModel = {
  id: "vscode",
  label: HOST_NAMES.vscode,
  version: "1.101+ (files at the commits linked)",
  describedFrom: "microsoft/vscode src/vs/workbench/contrib/mcp, per-file commits",
  modelReads: false,
  facts: VSCODE_FACTS,
  read,
  list: (server) => ({
    host: "vscode",
    title: "Add Context › MCP Resources (the user's picker)",
    text: vscodePickerText(server),
    format: "text",
    audience: "user",
  }),
  reach: (server) => ({
    host: "vscode",
    reachable: server.capabilities?.resources ? server.resources.length : 0,
    total: server.resources.length,
    templates: server.templates.length > 0 ? "user" : "none",
    pages: "every page; VS Code itself would loop forever on a null, empty or repeated cursor",
    blobs: "png/jpeg/gif/webp as images (≤ 30 MB, by listed mimeType); others as files",
    ...(server.capabilities?.resources ? {} : { lost: "it declares no resources capability" }),
  }),
};
