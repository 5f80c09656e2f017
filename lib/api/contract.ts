/**
 * The HTTP contract between the browser (and scripts, and recorded checks) and the backend.
 * Zod schemas for what crosses the wire, and their inferred types. MCP payloads themselves
 * (resources, templates, read results) are validated by the SDK's own schemas on the server and
 * typed here with the SDK's types.
 */
import { z } from "zod";
import type { HttpTransportUsed, LaunchSummary, StdioLaunch } from "../launch/launch-contract";
import type { Era, EraChoice } from "../launch/era";
import type { SessionAbilities } from "../launch/session-kinds";
import type { ParsedConfig } from "../import/server-config";
import type { AuthSummary } from "./oauth";
import type { BoundedStateDiff } from "../capture/bounded-diff";
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

export * from "../launch/launch-contract";
/** What POST /api/import answers (the schema of its body is `importBodySchema`). Here, not in
 * launch-contract.ts, which server-config.ts builds on. */
/** POST /api/import's answer: what the text holds and, when a folder was given, whether it can be used. */
export interface ImportResponse extends ParsedConfig {
  /** The folder as it will be used (normalized), or why it cannot be. */
  workspaceFolder?: { path: string } | { error: string };
}

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
  /** The name given at launch (a config's key, `--server`): the one hosts put before URIs. */
  hostName?: string;
  status: SessionStatus;
  launch: LaunchSummary;
  /** What this kind of session can do (lib/launch/session-kinds.ts): the page asks it, not the kind. */
  abilities: SessionAbilities;
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
  /** A capture opened offline (issue 25): read-only, no server behind it. */
  capture?: CaptureSummary;
}

/** Where an offline session's capture came from. */
export interface CaptureSummary {
  /** When it was taken (ISO 8601, as the file says). */
  capturedAt: string;
  /** The inspector version that wrote it. */
  inspector: string;
  /** The file's name, when known. */
  file?: string;
  /** How many reads it holds (a read not among them says so). */
  reads: number;
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
  /** "Compare with the last build": each restart's state is compared with the one before it. */
  compareLastBuild: boolean;
  /** The last such comparison (its diff: GET …/last-build-diff); null before the first. */
  lastBuildDiff: { at: string; changes: number } | null;
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
    compareLastBuild: z.boolean().optional(),
  })
  .strict();
export type WatchFilesBody = z.infer<typeof watchFilesBodySchema>;
/** PATCH …/watch-files: turn "compare with the last build" on or off while watch mode runs. */
export const watchFilesPatchSchema = z.object({ compareLastBuild: z.boolean() }).strict();
export type WatchFilesPatch = z.infer<typeof watchFilesPatchSchema>;

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
/** A listing: top-level hints are the first page's; `pageHints` has one entry per page when any had some. */
export interface ResourceListResponse extends CacheHints {
  resources: Resource[];
  /** How many pages the server's list took. */
  pages: number;
  /** Protocol problems seen while listing (e.g. a repeating cursor). */
  warnings?: string[];
  pageHints?: CacheHints[];
}
export interface TemplateListResponse extends CacheHints {
  resourceTemplates: ResourceTemplate[];
  pages: number;
  warnings?: string[];
  pageHints?: CacheHints[];
}
/**
 * 2026-07-28 cache hints on list and read results (absent in the legacy era), checked as received
 * (lib/resources/cache-hints.ts): an invalid value is left out and said in `hintNotes`.
 */
export interface CacheHints {
  ttlMs?: number;
  cacheScope?: "public" | "private";
  /** When the answer arrived (epoch ms): "fresh until" is this plus ttlMs. */
  receivedAt?: number;
  hintNotes?: string[];
}
/**
 * A read as the server answered it. On 2026-07-28 a read may instead ask for input
 * (`resultType: "input_required"`, no contents): the page says so, it is not content.
 */
export type ReadResponse = ReadResourceResult &
  CacheHints & {
    resultType?: "complete" | "input_required";
    inputRequests?: Record<string, unknown>;
    /** Opaque server state to echo with the answers (at most MAX_REQUEST_STATE_CHARS). */
    requestState?: string;
    /** Contents the server sent that were not valid and were left out, in one sentence. */
    warnings?: string[];
  };
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

/** A JSON Pointer into a comparison (lib/capture/compare.ts lists them), `*` for any one token. */
const comparePointerSchema = z
  .string()
  .max(2_048)
  .regex(/^(\/.*)?$/, "a JSON Pointer starts with /");
/** POST /api/compare: two sessions (a live server or an opened capture) and the paths to ignore. */
export const compareBodySchema = z
  .object({
    before: sessionIdSchema,
    after: sessionIdSchema,
    ignore: z.array(comparePointerSchema).max(200).optional(),
    /** Read every listed resource on both sides first (up to the capture byte budget). */
    all: z.boolean().optional(),
  })
  .strict();
export type CompareBody = z.infer<typeof compareBodySchema>;
export interface CompareSide {
  sessionId: string;
  name: string;
  /** The side is an opened capture file, not a live server. */
  capture: boolean;
}
/** A comparison's answer: both sides, the diff (lists capped, "N more" in `omitted`). */
export interface CompareResponse extends BoundedStateDiff {
  before: CompareSide;
  after: CompareSide;
  at: string;
}

/** GET …/last-build-diff: watch mode's last rebuild compared with the build before it. */
export interface LastBuildDiffResponse {
  comparison: CompareResponse | null;
}

export const watchBodySchema = z.object({ uri: z.string().min(1).max(65_536) }).strict();
export const refreshQuerySchema = z.object({ refresh: z.enum(["0", "1"]).optional() });
export const versionQuerySchema = uriQuerySchema.extend({ version: z.coerce.number().int().min(1) });

/** One message of a session's traffic as the live stream sends it (the `traffic` event). */
export interface TrafficSummary {
  /** Monotonic per session; fetch the full message from …/traffic. */
  seq: number;
  at: number;
  direction: "in" | "out";
  kind: "request" | "response" | "notification" | "error";
  method?: string;
  rpcId?: string | number;
  bytes: number;
  /** For responses: time since the matching request. */
  latencyMs?: number;
  /** A response to a request we had cancelled: it came late and was ignored. */
  late?: true;
}

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
  /** Values that were not strings, or past the spec's 100, left out (one sentence). */
  warnings?: string[];
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
