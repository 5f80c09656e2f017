/**
 * The HTTP contract between the browser (and scripts, and recorded checks) and the backend.
 * Zod schemas for what crosses the wire, and their inferred types. MCP payloads themselves
 * (resources, templates, read results) are validated by the SDK's own schemas on the server and
 * typed here with the SDK's types.
 */
import { z } from "zod";
import {
  HEADER_NAME_MESSAGE,
  HEADER_NAME_PATTERN,
  HEADER_VALUE_MAX,
  HEADER_VALUE_MESSAGE,
  HEADER_VALUE_PATTERN,
  HEADER_COUNT_MESSAGE,
  HEADER_RESERVED_MESSAGE,
  RESERVED_HEADER_NAME,
  HTTP_URL_MAX,
  HTTP_URL_MESSAGE,
  httpTransportChoices,
  authConflict,
  isHttpUrl,
  MAX_HEADERS,
  type HttpTransportChoice,
} from "./http-input";
import { eraChoices, type Era, type EraChoice } from "./era";
import type { TrafficSummary } from "./events";
import type { AuthSummary } from "./oauth";
import type {
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Implementation,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";

export type { ReadResourceResult, Resource, ResourceTemplate, ServerCapabilities, Implementation, Tool };
/** What POST /api/sessions/{id}/tools answers: the server's result, as the SDK validated it. */
export type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** Error envelope every non-2xx API answer carries. */
export const errorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "server_error",
  "bad_gateway",
  "gateway_timeout",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** JSON-RPC error code when the MCP server answered with an error. */
    mcpCode: z.number().optional(),
    /** Last stderr lines of the server, when they help explain the failure. */
    stderrTail: z.array(z.string()).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export { httpTransportChoices } from "./http-input";
export { eraChoices, type Era, type EraChoice } from "./era";
const eraField = { era: z.enum(eraChoices).optional() };

/**
 * A program, argument, directory or environment value cannot hold NUL: the operating system ends
 * the string there (Node refuses to spawn it), so what ran would not be what the review showed.
 */
const NUL_MESSAGE = "cannot contain a NUL character (\\u0000): the system would cut the text there";
const noNul = (s: z.ZodString) => s.refine((v) => !v.includes("\0"), NUL_MESSAGE);

const envSchema = z.record(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "invalid variable name"),
  noNul(z.string()),
);

/** An http(s) URL with a host, no credentials in it; the rule itself is in lib/http-input.ts. */
export const httpUrlSchema = z.string().max(HTTP_URL_MAX).refine(isHttpUrl, HTTP_URL_MESSAGE);

/** Header names are RFC 9110 tokens; values carry no line breaks (no header injection). */
export const headersSchema = z.preprocess(
  (raw, ctx) => {
    // zod's record drops an own "__proto__" key without a word; the user would lose that header.
    if (typeof raw === "object" && raw !== null && Object.hasOwn(raw, RESERVED_HEADER_NAME))
      ctx.addIssue({ code: "custom", message: HEADER_RESERVED_MESSAGE, input: raw });
    return raw;
  },
  z
    .record(
      z.string().regex(HEADER_NAME_PATTERN, HEADER_NAME_MESSAGE),
      z.string().max(HEADER_VALUE_MAX).regex(HEADER_VALUE_PATTERN, HEADER_VALUE_MESSAGE),
    )
    .refine((h) => Object.keys(h).length <= MAX_HEADERS, HEADER_COUNT_MESSAGE),
);

/**
 * POST /api/sessions. Either a pasted command line (`command` alone, parsed as a shell would split
 * it), or an explicit program with `args` (no parsing), or a built-in preset such as the demo server,
 * or a `url` of a server behind HTTP (Streamable HTTP or the legacy SSE transport).
 */
/** What the SDK and the spec accept as a metadata document's URL (its own client id): https, a path. */
export const clientMetadataUrlSchema = z
  .string()
  .max(2_000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "https:" && url.pathname !== "/" && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, "a client metadata document URL must be https:// with a path (e.g. https://example.com/client.json)");

/**
 * A pasted command or URL the user confirmed with "Save to my servers": kept in the saved-servers
 * file once it connects; environment and secret-looking header values as `${VAR}` references
 * unless `keepValues` (server/saved/stored-launch.ts).
 */
const saveFields = { save: z.boolean().optional(), keepValues: z.boolean().optional() };

export const createSessionBodySchema = z.union([
  z
    .object({
      preset: z.literal("demo"),
      name: z.string().min(1).max(200).optional(),
      env: envSchema.optional(),
      ...eraField,
    })
    .strict(),
  z
    .object({
      command: noNul(z.string().min(1).max(10_000)),
      args: z
        .array(noNul(z.string().max(10_000)))
        .max(1_000)
        .optional(),
      env: envSchema.optional(),
      cwd: noNul(z.string().min(1).max(4_096)).optional(),
      name: z.string().min(1).max(200).optional(),
      ...saveFields,
      ...eraField,
    })
    .strict(),
  z
    .object({
      url: httpUrlSchema,
      transport: z.enum(httpTransportChoices).optional(),
      headers: headersSchema.optional(),
      auth: z
        .object({
          clientId: z.string().min(1).max(1_000).optional(),
          clientSecret: z.string().min(1).max(1_000).optional(),
          scope: z.string().max(1_000).optional(),
          remember: z.boolean().optional(),
          clientMetadataUrl: clientMetadataUrlSchema.optional(),
        })
        .strict()
        .optional(),
      name: z.string().min(1).max(200).optional(),
      ...saveFields,
      ...eraField,
    })
    .strict()
    .superRefine((body, ctx) => {
      const conflict = authConflict(body.headers, body.auth);
      if (conflict) ctx.addIssue({ code: "custom", path: ["headers"], message: conflict });
    }),
]);
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

/** POST /api/import: a pasted config, command line or URL; answers what it found, starts nothing. */
export const importBodySchema = z.object({ text: z.string().max(1_000_000) }).strict();
export type { ParsedConfig as ImportResponse } from "./server-config";

/** A local program exactly as spawned (no shell). Env shows only what the user added. */
export interface CommandSpec {
  program: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export type { HttpTransportChoice } from "./http-input";
export type HttpTransportUsed = Exclude<HttpTransportChoice, "auto">;

/** OAuth settings the user chose for an HTTP server (the flow itself is the SDK's). */
export interface HttpAuthSettings {
  /** A pre-registered client; without it the inspector registers one dynamically. */
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  /** Keep the tokens in the user's config directory (0600) instead of memory only. */
  remember?: boolean;
  /**
   * An https URL of a Client ID Metadata Document the user hosts: used as the client id when the
   * authorization server says it accepts them (`client_id_metadata_document_supported`), else the
   * inspector registers dynamically as without it.
   */
  clientMetadataUrl?: string;
}

/** What a session runs: a local program over stdio, or a server behind a URL. */
export type LaunchSpec = (
  | ({ kind: "stdio" } & CommandSpec)
  | {
      kind: "http";
      url: string;
      transport: HttpTransportChoice;
      /** Sent with every request to this server only (never to an authorization server). */
      headers: Record<string, string>;
      auth?: HttpAuthSettings;
    }
) & {
  /** The protocol era the user asked for; absent means `auto`. */
  era?: Exclude<EraChoice, "auto">;
};
export type StdioLaunch = Extract<LaunchSpec, { kind: "stdio" }>;
export type HttpLaunch = Extract<LaunchSpec, { kind: "http" }>;

/**
 * A session's launch as the API shows it: the environment and headers by names only. Values the
 * user gave a server (tokens, keys) never leave the backend, which alone spawns and matches launches.
 */
export type LaunchSummary =
  | {
      kind: "stdio";
      program: string;
      args: string[];
      /** Names of the variables the user added to the server's environment, sorted. */
      envNames: string[];
      cwd?: string;
    }
  | { kind: "http"; url: string; transport: HttpTransportChoice; headerNames: string[] };

/** What the server header shows about the connection itself. */
export type TransportDetails =
  | { kind: "stdio"; pid: number | null }
  | {
      kind: "http";
      url: string;
      /** The transport that answered (`auto` says which one it picked); null before it did. */
      used: HttpTransportUsed | null;
      /** The server's `Mcp-Session-Id`, when it gave one. */
      sessionId: string | null;
      /** How often an expired session was re-initialized under the user. */
      reinitialized: number;
      /** The server's event stream (notifications) is down and being re-opened with backoff. */
      streamLost: boolean;
      /** What ended the stream and what is being done about it ("… re-opening in 2.3 s (attempt 3)"). */
      streamNote?: string | null;
    };

export type SessionStatus = "connecting" | "connected" | "disconnected";

export interface SessionError {
  message: string;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail?: string[];
}

export interface SessionSummary {
  id: string;
  name: string;
  status: SessionStatus;
  launch: LaunchSummary;
  transport: TransportDetails;
  /** Process id of the spawned program (the root of its process tree), while known. */
  pid: number | null;
  serverInfo: Implementation | null;
  capabilities: ServerCapabilities | null;
  protocolVersion: string | null;
  /** The era the session speaks (absent before it connected) and the one the user asked for. */
  era?: Era;
  eraChoice?: EraChoice;
  instructions?: string;
  startedAt: string;
  connectedAt?: string;
  disconnectedAt?: string;
  error?: SessionError;
  /** Notifications received for capabilities the server did not declare (honoured anyway). */
  undeclaredNotifications: number;
  watchCount: number;
  /** A remote server's OAuth sign-in (HTTP sessions only; never a token). */
  auth?: AuthSummary;
  /** Watch mode ("Restart on change"), while it is on. */
  fileWatch?: FileWatchStatus;
}

/** Watch mode for a stdio server: restart it (after an optional build) when its files change. */
export interface FileWatchStatus {
  /** Absolute path watched (a directory, recursively, or one file). */
  path: string;
  /** The build command line run before each restart, if any. */
  build: string | null;
  state: "watching" | "building" | "restarting";
  restarts: number;
  lastRestart: { at: string; cause: string } | null;
  /** The last build or restart that failed, in the user's words; cleared by the next success. */
  lastError: string | null;
}
/** GET …/watch-files: what the control proposes before watch mode is on. */
export interface FileWatchInfo {
  suggestedPath: string | null;
  fileWatch: FileWatchStatus | null;
}
export const watchFilesBodySchema = z
  .object({
    path: z.string().min(1).max(4_096),
    build: z.string().max(4_096).optional(),
  })
  .strict();
export type WatchFilesBody = z.infer<typeof watchFilesBodySchema>;

export interface SessionListResponse {
  sessions: SessionSummary[];
}
/**
 * What a connect answers (POST /api/sessions, saved and imported connects): the session, and its
 * first listing when the server gave it within a short budget after initialize, so the page shows
 * the tree without asking. Without `lists` the page asks (and joins the walk already running).
 */
export interface SessionCreatedResponse extends SessionSummary {
  lists?: SessionLists;
}
/** A session's first listing, shaped as the list routes answer it. */
export interface SessionLists {
  resources: ResourceListResponse;
  templates?: TemplateListResponse;
}
export interface ResourceListResponse {
  resources: Resource[];
  /** How many pages the server's list took. */
  pages: number;
  /** Protocol problems seen while listing (e.g. a repeating cursor). */
  warnings?: string[];
  /** The first page's cache hints (2026-07-28). */
  ttlMs?: number;
  cacheScope?: "public" | "private";
}
export interface TemplateListResponse extends CacheHints {
  resourceTemplates: ResourceTemplate[];
  pages: number;
  warnings?: string[];
}
/** 2026-07-28 cache hints on list and read results (absent in the legacy era). */
export interface CacheHints {
  ttlMs?: number;
  cacheScope?: "public" | "private";
}
/**
 * A read as the server answered it. On 2026-07-28 a read may instead ask for input
 * (`resultType: "input_required"`, no contents): the page says so, it is not content.
 */
export type ReadResponse = ReadResourceResult &
  CacheHints & { resultType?: "complete" | "input_required"; inputRequests?: Record<string, unknown> };
export interface StderrResponse {
  lines: string[];
  /** Lines dropped from the front of the bounded buffer. */
  dropped: number;
}

/** Built-in server launch presets the UI offers with one click. */
export interface PresetInfo {
  id: "demo";
  name: string;
  launch: StdioLaunch;
}
export interface PresetListResponse {
  presets: PresetInfo[];
}

export const uriQuerySchema = z.object({ uri: z.string().min(1).max(65_536) });
export const contentQuerySchema = uriQuerySchema.extend({
  index: z.coerce.number().int().min(0).max(10_000).default(0),
  download: z.enum(["0", "1"]).optional(),
});
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);

export const watchBodySchema = z.object({ uri: z.string().min(1).max(65_536) }).strict();
export const refreshQuerySchema = z.object({ refresh: z.enum(["0", "1"]).optional() });
export const versionQuerySchema = uriQuerySchema.extend({ version: z.coerce.number().int().min(1) });

/** One content item of a watched version, summarized (the bytes stay behind the read routes). */
export interface ContentDigest {
  uri: string;
  mimeType?: string;
  bytes: number;
  sha256: string;
  isBlob: boolean;
}
export interface WatchVersionInfo {
  version: number;
  /** Epoch ms when this version was read. */
  at: number;
  digests: ContentDigest[];
}
/** A resource the user follows; versions oldest first, bounded (the last 10). */
export interface WatchInfo {
  uri: string;
  /** 2026-07-28: the server's listen acknowledgement left this URI out (no updates will come). */
  unacknowledged?: boolean;
  since: number;
  updates: number;
  lastUpdateAt: number | null;
  versions: WatchVersionInfo[];
}
export interface WatchListResponse {
  watches: WatchInfo[];
}
export interface VersionResponse extends WatchVersionInfo {
  result: ReadResponse;
}
/** One logged message: its summary (as the live event carries it) and the message itself. */
export interface TrafficEntryInfo extends TrafficSummary {
  message: unknown;
  truncated: boolean;
}
export interface TrafficResponse {
  entries: TrafficEntryInfo[];
  dropped: number;
}

/** GET /api/sessions/{id}/tools. */
export interface ToolListResponse {
  tools: Tool[];
}
export const callToolBodySchema = z
  .object({ name: z.string().min(1).max(512), arguments: z.record(z.string(), z.unknown()).optional() })
  .strict();

/** Argument completion for a resource template (`completion/complete` with `ref/resource`). */
export const completeBodySchema = z
  .object({
    uriTemplate: z.string().min(1).max(8_192),
    argument: z.object({ name: z.string().min(1).max(256), value: z.string().max(8_192) }).strict(),
    /** The other arguments already filled in, as context for the server. */
    context: z.record(z.string(), z.string().max(8_192)).optional(),
  })
  .strict();
export type CompleteBody = z.infer<typeof completeBodySchema>;
export interface CompleteResponse {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** POST /api/sessions/{id}/frames: a sandboxed frame URL for one content item (HTML or PDF). */
export const frameBodySchema = z
  .object({
    uri: z.string().min(1).max(65_536),
    index: z.number().int().min(0).max(10_000).default(0),
    kind: z.enum(["html", "pdf"]),
    scripts: z.boolean().default(false),
  })
  .strict();
export type FrameBody = z.input<typeof frameBodySchema>;
export interface FrameResponse {
  /** Same-origin path of the frame document; served with a sandbox CSP, so an opaque origin. */
  url: string;
  expiresAt: number;
}
export const frameIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
