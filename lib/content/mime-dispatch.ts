/**
 * Which renderer shows a `resources/read` content item: one decision, pure and synchronous.
 *
 * Order of evidence (the first that says something wins):
 *   1. the item's own `mimeType`;
 *   2. the `mimeType` the resource list declared;
 *   3. what the content looks like: for a blob, its magic numbers (`sniffedMimeType`, from
 *      lib/content/mime-sniff.ts, which falls back to "text/plain" for UTF-8 without NULs); for text, a
 *      few unmistakable openings (`<svg`, `<!doctype html`, `<?xml`, JSON that parses);
 *   4. the extension of the URI's last path segment (`.md`, `.py`, `.csv` …);
 *   5. text/plain for text, application/octet-stream for a blob.
 *
 * Decisions:
 * - A declared type is never second-guessed (the inspector shows what the server said, and warns
 *   about contradictions elsewhere). `application/octet-stream` is a declared type too: such a blob
 *   gets the binary placeholder, which says what its bytes look like.
 * - A text item is always shown as text: an image, audio, video or PDF type on a text item (a
 *   base64 mistake) renders as plain text. SVG is the exception: it is text, shown as an image
 *   through `<img>` (never inline) with its source beside it.
 * - A blob of a textual type (text/*, JSON, XML, markdown, code) is decoded as UTF-8 and rendered
 *   exactly like the same text item.
 * - Above RICH_RENDER_LIMIT_BYTES, markdown, code highlighting, the JSON tree and CSV tables
 *   degrade to plain text (virtualized lines), and the viewer says so.
 */
import { parse } from "content-type";

/** Every renderer, as a value too: a test renders each one (components/renderers/content-body.test.ts). */
export const RENDERER_KINDS = [
  "markdown",
  "json",
  "code",
  "table",
  "html",
  "text",
  "image",
  "audio",
  "video",
  "pdf",
  "binary",
] as const;

export type RendererKind = (typeof RENDERER_KINDS)[number];

/** Prism language names (prism-react-renderer's bundle, plus toml and bash registered by the UI). */
export type CodeLanguage =
  | "javascript"
  | "jsx"
  | "typescript"
  | "tsx"
  | "python"
  | "markup"
  | "yaml"
  | "toml"
  | "css"
  | "sql"
  | "bash"
  | "go"
  | "rust"
  | "c"
  | "cpp"
  | "graphql"
  | "kotlin"
  | "swift"
  | "json"
  | "markdown";

export type EvidenceSource = "content" | "listed" | "bytes" | "extension" | "default";

export interface ParsedMimeType {
  /** `type/subtype`, lowercased. */
  essence: string;
  /** Parameters, names lowercased, values unquoted (`profile=mcp-app`). */
  params: Record<string, string>;
}

export interface DispatchInput {
  /** The content item's own uri (its extension is evidence 4). */
  uri: string;
  mimeType?: string | undefined;
  listedMimeType?: string | undefined;
  isBlob: boolean;
  /** The text (a text item, or a blob already decoded as UTF-8), for sniffing text openings. */
  text?: string | undefined;
  /** For a blob: what lib/content/mime-sniff.ts found in its first bytes, if anything. */
  sniffedMimeType?: string | undefined;
}

export interface Dispatch {
  renderer: RendererKind;
  /** Effective type (essence) the decision rests on. */
  mimeType: string;
  params: Record<string, string>;
  source: EvidenceSource;
  /** Read as text: a text item, or a blob of a textual type (decoded as UTF-8). */
  textual: boolean;
  language?: CodeLanguage;
  /** For tables: the field delimiter. */
  delimiter?: "," | "\t";
  /** `text/html;profile=mcp-app`: an MCP App page (still only ever previewed in a sandbox). */
  mcpApp: boolean;
}

/** Above this many bytes, rich renderers degrade to plain text (and say so). */
export const RICH_RENDER_LIMIT_BYTES = 512 * 1024;

/**
 * A line longer than this (minified code: server-basic-vanillajs's 218 KB page has one of ~124,000
 * characters) is not highlighted: Prism takes ~0.5 s on such a page and the result is unreadable
 * anyway. Editors draw the same line (VS Code stops tokenizing long lines at 20,000).
 */
export const HIGHLIGHT_LINE_LIMIT = 20_000;

/** Why a text is shown plain instead of by its rich renderer, or null when it need not be. */
export function plainTextReason(
  renderer: RendererKind,
  byteLength: number,
  longestLine: () => number,
): { kind: "size" | "line"; detail: number } | null {
  if (!degradesWhenLarge(renderer)) return null;
  if (byteLength > RICH_RENDER_LIMIT_BYTES) return { kind: "size", detail: byteLength };
  if (renderer !== "code" && renderer !== "html") return null;
  const longest = longestLine();
  return longest > HIGHLIGHT_LINE_LIMIT ? { kind: "line", detail: longest } : null;
}

function parseStrict(value: string): ParsedMimeType | undefined {
  try {
    const { type, parameters } = parse(value);
    return { essence: type, params: { ...parameters } };
  } catch {
    return undefined;
  }
}

/**
 * RFC 9110 media type through `content-type` (quoted values may hold `;`: `note="a;b"`);
 * undefined when malformed or empty. A malformed parameter list does not undo a well-formed
 * `type/subtype` before it: the server still declared that type, so it is kept without parameters.
 */
export function parseMimeType(value: string | undefined): ParsedMimeType | undefined {
  if (!value) return undefined;
  const semicolon = value.indexOf(";");
  return parseStrict(value) ?? (semicolon > 0 ? parseStrict(value.slice(0, semicolon)) : undefined);
}

/** Other names servers and old tools give one type: classified and compared as that type. */
const ALIASES: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "application/x-gzip": "application/gzip",
  "application/x-zip-compressed": "application/zip",
  "application/x-pdf": "application/pdf",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "image/x-icon": "image/vnd.microsoft.icon",
};

/**
 * The type an essence stands for, its alias resolved (`image/jpg` → `image/jpeg`). Only for
 * deciding and comparing: the viewer still names the type the server declared.
 */
export function canonicalMimeType(essence: string): string {
  return ALIASES[essence] ?? essence;
}

/** `type/subtype` of a declared value with its alias resolved; undefined when it is not a media type. */
export function mimeEssence(value: string | undefined): string | undefined {
  const parsed = parseMimeType(value);
  return parsed && canonicalMimeType(parsed.essence);
}

const MARKDOWN = new Set(["text/markdown", "text/x-markdown", "text/x-gfm"]);
const CSV = new Set(["text/csv", "application/csv", "text/x-csv", "text/comma-separated-values"]);
const TSV = new Set(["text/tab-separated-values", "text/tsv"]);
const HTML = new Set(["text/html", "application/xhtml+xml"]);
const IMAGES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
  "image/bmp",
  "image/vnd.microsoft.icon",
]);

const CODE: Record<string, CodeLanguage> = {
  "text/javascript": "javascript",
  "application/javascript": "javascript",
  "application/x-javascript": "javascript",
  "application/ecmascript": "javascript",
  "text/ecmascript": "javascript",
  "text/jsx": "jsx",
  "text/typescript": "typescript",
  "text/x-typescript": "typescript",
  "application/typescript": "typescript",
  "application/x-typescript": "typescript",
  "text/tsx": "tsx",
  "text/x-python": "python",
  "text/x-python-script": "python",
  "text/python": "python",
  "application/x-python": "python",
  "application/x-python-code": "python",
  "application/xml": "markup",
  "text/xml": "markup",
  "application/yaml": "yaml",
  "application/x-yaml": "yaml",
  "text/yaml": "yaml",
  "text/x-yaml": "yaml",
  "application/toml": "toml",
  "application/x-toml": "toml",
  "text/toml": "toml",
  "text/x-toml": "toml",
  "text/css": "css",
  "application/sql": "sql",
  "text/x-sql": "sql",
  "text/sql": "sql",
  "application/x-sh": "bash",
  "application/x-shellscript": "bash",
  "text/x-sh": "bash",
  "text/x-shellscript": "bash",
  "text/x-bash": "bash",
  "text/x-go": "go",
  "text/x-rust": "rust",
  "text/rust": "rust",
  "text/x-c": "c",
  "text/x-csrc": "c",
  "text/x-chdr": "c",
  "text/x-c++": "cpp",
  "text/x-c++src": "cpp",
  "application/graphql": "graphql",
  "text/x-kotlin": "kotlin",
  "text/x-swift": "swift",
  "application/x-ndjson": "json",
  "application/jsonl": "json",
  "application/json-seq": "json",
};

// Non-`text/*` types whose content is still text a person reads (shown as plain text).
const TEXTUAL_APPLICATION = new Set(["application/x-tex", "application/x-httpd-php", "application/rtf"]);

const EXTENSIONS: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  json: "application/json",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  html: "text/html",
  htm: "text/html",
  js: "text/javascript",
  mjs: "text/javascript",
  cjs: "text/javascript",
  jsx: "text/jsx",
  ts: "text/x-typescript",
  mts: "text/x-typescript",
  cts: "text/x-typescript",
  tsx: "text/tsx",
  py: "text/x-python",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  css: "text/css",
  sql: "application/sql",
  sh: "application/x-sh",
  bash: "application/x-sh",
  go: "text/x-go",
  rs: "text/x-rust",
  c: "text/x-c",
  h: "text/x-c",
  cpp: "text/x-c++",
  graphql: "application/graphql",
  svg: "image/svg+xml",
  txt: "text/plain",
  log: "text/plain",
};

function isJson(essence: string): boolean {
  return essence === "application/json" || essence === "text/json" || essence.endsWith("+json");
}

/** Types read as text: shown as text whether sent as text or as a base64 blob. */
export function isTextualMimeType(essence: string): boolean {
  return (
    essence.startsWith("text/") ||
    isJson(essence) ||
    essence.endsWith("+xml") ||
    essence in CODE ||
    TEXTUAL_APPLICATION.has(essence) ||
    HTML.has(essence)
  );
}

function extensionType(uri: string): string | undefined {
  const path = uri.split(/[?#]/, 1)[0] ?? "";
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return EXTENSIONS[last.slice(dot + 1).toLowerCase()];
}

/** What unmistakable openings say about a text; undefined when nothing is certain. */
export function sniffText(text: string): string | undefined {
  const start = text.search(/\S/);
  if (start < 0) return undefined;
  const head = text.slice(start, start + 512).toLowerCase();
  if (head.startsWith("<svg")) return "image/svg+xml";
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "text/html";
  if (head.startsWith("<?xml")) return /<svg[\s>]/.test(head) ? "image/svg+xml" : "application/xml";
  if ((head.startsWith("{") || head.startsWith("[")) && text.length <= RICH_RENDER_LIMIT_BYTES) {
    try {
      JSON.parse(text);
      return "application/json";
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function rendererFor(
  essence: string,
  isBlob: boolean,
): Pick<Dispatch, "renderer" | "language" | "delimiter"> {
  if (IMAGES.has(essence) && (isBlob || essence === "image/svg+xml")) return { renderer: "image" };
  if (isBlob && essence.startsWith("audio/")) return { renderer: "audio" };
  if (isBlob && essence.startsWith("video/")) return { renderer: "video" };
  if (isBlob && essence === "application/pdf") return { renderer: "pdf" };
  if (MARKDOWN.has(essence)) return { renderer: "markdown" };
  if (isJson(essence)) return { renderer: "json" };
  if (CSV.has(essence)) return { renderer: "table", delimiter: "," };
  if (TSV.has(essence)) return { renderer: "table", delimiter: "\t" };
  if (HTML.has(essence)) return { renderer: "html", language: "markup" };
  const language = CODE[essence] ?? (essence.endsWith("+xml") ? "markup" : undefined);
  if (language) return { renderer: "code", language };
  if (!isBlob || isTextualMimeType(essence)) return { renderer: "text" };
  return { renderer: "binary" };
}

function evidence(input: DispatchInput): { type: ParsedMimeType; source: EvidenceSource } {
  const own = parseMimeType(input.mimeType);
  if (own) return { type: own, source: "content" };
  const listed = parseMimeType(input.listedMimeType);
  if (listed) return { type: listed, source: "listed" };
  const sniffed = parseMimeType(input.sniffedMimeType);
  if (sniffed && sniffed.essence !== "text/plain") return { type: sniffed, source: "bytes" };
  const blobIsText = sniffed?.essence === "text/plain";
  if ((!input.isBlob || blobIsText) && input.text !== undefined) {
    const fromText = parseMimeType(sniffText(input.text));
    if (fromText) return { type: fromText, source: "bytes" };
  }
  const byExtension = parseMimeType(extensionType(input.uri));
  // A blob's extension may claim text only when its bytes look like text.
  if (byExtension && (!input.isBlob || blobIsText || !isTextualMimeType(byExtension.essence))) {
    return { type: byExtension, source: "extension" };
  }
  if (blobIsText && sniffed) return { type: sniffed, source: "bytes" };
  return {
    type: { essence: input.isBlob ? "application/octet-stream" : "text/plain", params: {} },
    source: "default",
  };
}

/** Decides how to render one content item (see the module comment for the order of evidence). */
export function dispatchContent(input: DispatchInput): Dispatch {
  const { type, source } = evidence(input);
  const kind = canonicalMimeType(type.essence);
  const chosen = rendererFor(kind, input.isBlob);
  const textual = !input.isBlob || isTextualMimeType(kind) || chosen.renderer === "text";
  return {
    ...chosen,
    mimeType: type.essence,
    params: type.params,
    source,
    textual,
    mcpApp: chosen.renderer === "html" && type.params["profile"] === "mcp-app",
  };
}

/** Renderers that become plain text above RICH_RENDER_LIMIT_BYTES. */
export function degradesWhenLarge(renderer: RendererKind): boolean {
  return (
    renderer === "markdown" ||
    renderer === "json" ||
    renderer === "code" ||
    renderer === "table" ||
    renderer === "html"
  );
}
