/**
 * Typed fetch client for the backend's HTTP API (see lib/api/contract.ts). The access token comes from
 * a getter on every call and travels only in the Authorization header, never in a URL.
 */
import type {
  CallToolResult,
  ErrorEnvelope,
  CompareBody,
  CompareResponse,
  CompleteBody,
  CompleteResponse,
  CreateSessionBody,
  FileWatchInfo,
  FileWatchStatus,
  FrameBody,
  FrameResponse,
  LastBuildDiffResponse,
  PresetListResponse,
  ReadResponse,
  ResourceListResponse,
  SessionListResponse,
  SessionCreatedResponse,
  SessionSummary,
  StderrResponse,
  TemplateListResponse,
  ToolListResponse,
  TrafficResponse,
  VersionResponse,
  WatchFilesBody,
  WatchInfo,
  WatchListResponse,
  ImportBody,
  ImportResponse,
} from "./contract";
import type {
  CheckFile,
  CheckListResponse,
  PlaywrightSpecResponse,
  RecordingDraftResponse,
  RecordingInfo,
  RunChecksBody,
  RunChecksResponse,
  SaveCheckBody,
  SaveCheckResponse,
} from "../check/results";
import type { AuthStateResponse, SignInResponse } from "./oauth";
import type { ProblemsResponse } from "../lint/problem";
import type { CaptureBody } from "../capture/capture-request";
import { readWithProgress, REQUEST_ID_HEADER, type CancelResponse } from "./progress";
import type { ImportConnectBody, SavedServerListResponse } from "./saved-servers";
import type { StartupFailureListResponse } from "./startup";
import type { ReadAnswerBody } from "./input-required";

// Kept for the components that import the tool types from the client (the contract owns them).
export type { CallToolResult, Tool, ToolListResponse } from "./contract";

/** Any non-2xx answer (or a request that never got one: status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly mcpCode?: number;
  readonly stderrTail?: string[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    mcpCode?: number;
    stderrTail?: string[];
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    if (init.mcpCode !== undefined) this.mcpCode = init.mcpCode;
    if (init.stderrTail !== undefined) this.stderrTail = init.stderrTail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiClientOptions {
  /** Returns the current access token, or null when none is known. */
  getToken: () => string | null;
  /** Prefix for every path; "" means same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Names the request for its progress events and for cancelling it (lib/api/progress.ts). */
  requestId?: string;
}

/** A capture file as the capture route sent it. */
export interface CaptureDownload {
  blob: Blob;
  fileName: string;
}

/** Raw bytes of one content item, as served by the content route. */
export interface ContentBlob {
  blob: Blob;
  contentType: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? "";
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(path: string, init: RequestInit & RequestOptions = {}): Promise<Response> {
    const token = options.getToken();
    if (!token) {
      throw new ApiError({ status: 401, code: "unauthorized", message: "No access token." });
    }
    const { requestId, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("Authorization", `Bearer ${token}`);
    if (requestId !== undefined) headers.set(REQUEST_ID_HEADER, requestId);
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { ...rest, headers, cache: "no-store" });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiError({
        status: 0,
        code: "network_error",
        message: "The inspector backend did not answer. Is it still running?",
      });
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function json<T>(path: string, init?: RequestInit & RequestOptions): Promise<T> {
    const headers = new Headers(init?.headers);
    headers.set("Accept", "application/json");
    const response = await send(path, { ...init, headers });
    return (await readJsonBody(response)) as T;
  }

  /** Every JSON-bodied request: the routes' readJson takes exactly application/json. */
  function postJson<T>(path: string, body: unknown, o?: RequestOptions): Promise<T> {
    return json<T>(path, {
      ...o,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  const session = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

  return {
    listPresets: (o?: RequestOptions) => json<PresetListResponse>("/api/presets", o),
    listSessions: (o?: RequestOptions) => json<SessionListResponse>("/api/sessions", o),
    getSession: (id: string, o?: RequestOptions) => json<SessionSummary>(session(id), o),
    createSession: (body: CreateSessionBody, o?: RequestOptions) =>
      postJson<SessionCreatedResponse>("/api/sessions", body, o),
    /** A capture file opened offline (issue 25): its bytes as they are (gzip or JSON), its name shown. */
    openCapture: (bytes: Blob, fileName: string, o?: RequestOptions) =>
      json<SessionCreatedResponse>(`/api/captures?file=${encodeURIComponent(fileName.slice(0, 255))}`, {
        ...o,
        method: "POST",
        headers: { "Content-Type": "application/octet-stream" },
        body: bytes,
      }),
    /** A pasted config read into servers (nothing starts), and a workspace folder checked. */
    importConfig: (body: ImportBody, o?: RequestOptions) => postJson<ImportResponse>("/api/import", body, o),
    /** One confirmed server of a pasted config, its inputs filled in; saved once it started. */
    connectImported: (body: ImportConnectBody, o?: RequestOptions) =>
      postJson<SessionCreatedResponse>("/api/import/connect", body, o),
    listSavedServers: (o?: RequestOptions) => json<SavedServerListResponse>("/api/saved-servers", o),
    connectSavedServer: (name: string, o?: RequestOptions) =>
      postJson<SessionCreatedResponse>("/api/saved-servers/connect", { name }, o),
    listStartupFailures: (o?: RequestOptions) => json<StartupFailureListResponse>("/api/startup", o),
    /** Connect a command-line server that did not start again; it becomes the session. */
    retryStartup: (id: string, o?: RequestOptions) =>
      postJson<SessionCreatedResponse>(`/api/startup/${encodeURIComponent(id)}/retry`, {}, o),
    dismissStartup: async (id: string, o?: RequestOptions): Promise<void> => {
      await send(`/api/startup/${encodeURIComponent(id)}`, { ...o, method: "DELETE" });
    },
    removeSavedServer: async (name: string, o?: RequestOptions): Promise<void> => {
      await send(`/api/saved-servers?name=${encodeURIComponent(name)}`, { ...o, method: "DELETE" });
    },
    deleteSession: async (id: string, o?: RequestOptions): Promise<void> => {
      await send(session(id), { ...o, method: "DELETE" });
    },
    listResources: (id: string, o?: RequestOptions) =>
      json<ResourceListResponse>(`${session(id)}/resources`, o),
    listTemplates: (id: string, o?: RequestOptions) =>
      json<TemplateListResponse>(`${session(id)}/templates`, o),
    readResource: (id: string, uri: string, o?: RequestOptions) =>
      json<ReadResponse>(`${session(id)}/read?${new URLSearchParams({ uri }).toString()}`, o),
    /** An input_required read retried with the answers and the echoed requestState. */
    answerRead: (id: string, body: ReadAnswerBody, o?: RequestOptions) =>
      postJson<ReadResponse>(`${session(id)}/read`, body, o),
    fetchContent: async (
      id: string,
      uri: string,
      index: number,
      o?: RequestOptions & {
        download?: boolean;
        /** Download progress: bytes so far of the declared Content-Length. */
        onBytes?: (received: number, total: number | undefined) => void;
      },
    ): Promise<ContentBlob> => {
      const query = new URLSearchParams({ uri, index: String(index) });
      if (o?.download) query.set("download", "1");
      const { onBytes, download: _download, ...init } = o ?? {};
      const response = await send(`${session(id)}/content?${query.toString()}`, init);
      const blob = onBytes ? await readWithProgress(response, onBytes) : await response.blob();
      return { blob, contentType: response.headers.get("Content-Type") ?? blob.type };
    },
    /** A sandboxed frame document for an HTML or PDF item (its URL is an id, never the token). */
    createFrame: (id: string, body: FrameBody, o?: RequestOptions) =>
      postJson<FrameResponse>(`${session(id)}/frames`, body, o),
    getStderr: (id: string, o?: RequestOptions) => json<StderrResponse>(`${session(id)}/stderr`, o),
    reconnectSession: (id: string, o?: RequestOptions) =>
      json<SessionSummary>(`${session(id)}/reconnect`, { ...o, method: "POST" }),
    getAuth: (id: string, o?: RequestOptions) => json<AuthStateResponse>(`${session(id)}/auth`, o),
    signIn: (id: string, o?: RequestOptions) =>
      json<SignInResponse>(`${session(id)}/auth/sign-in`, { ...o, method: "POST" }),
    signOut: (id: string, o?: RequestOptions) =>
      json<SessionSummary>(`${session(id)}/auth/sign-out`, { ...o, method: "POST" }),
    getFileWatch: (id: string, o?: RequestOptions) => json<FileWatchInfo>(`${session(id)}/watch-files`, o),
    /** Watch mode on (or its path/build changed): 400 for a missing path, 409 for a remote server. */
    startFileWatch: (id: string, body: WatchFilesBody, o?: RequestOptions) =>
      json<FileWatchStatus>(`${session(id)}/watch-files`, {
        ...o,
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
    /** "Compare with the last build" on or off (409 while watch mode is off). */
    setCompareLastBuild: (id: string, on: boolean, o?: RequestOptions) =>
      json<FileWatchStatus>(`${session(id)}/watch-files`, {
        ...o,
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ compareLastBuild: on }),
      }),
    getLastBuildDiff: (id: string, o?: RequestOptions) =>
      json<LastBuildDiffResponse>(`${session(id)}/last-build-diff`, o),
    /** Two sessions compared (lib/capture/compare.ts); lists capped, the rest counted. */
    compare: (body: CompareBody, o?: RequestOptions) => postJson<CompareResponse>("/api/compare", body, o),
    stopFileWatch: async (id: string, o?: RequestOptions): Promise<void> => {
      await send(`${session(id)}/watch-files`, { ...o, method: "DELETE" });
    },
    listWatches: (id: string, o?: RequestOptions) => json<WatchListResponse>(`${session(id)}/watches`, o),
    watchResource: (id: string, uri: string, o?: RequestOptions) =>
      postJson<WatchInfo>(`${session(id)}/watches`, { uri }, o),
    unwatchResource: async (id: string, uri: string, o?: RequestOptions): Promise<void> => {
      await send(`${session(id)}/watches?${new URLSearchParams({ uri }).toString()}`, {
        ...o,
        method: "DELETE",
      });
    },
    getWatchVersion: (id: string, uri: string, version: number, o?: RequestOptions) =>
      json<VersionResponse>(
        `${session(id)}/versions?${new URLSearchParams({ uri, version: String(version) }).toString()}`,
        o,
      ),
    getTraffic: (id: string, o?: RequestOptions) => json<TrafficResponse>(`${session(id)}/traffic`, o),
    // The Problems panel (issue 15): what the linter saw, and "Check this server" (run / stop).
    getProblems: (id: string, o?: RequestOptions) => json<ProblemsResponse>(`${session(id)}/problems`, o),
    scanProblems: (id: string, o?: RequestOptions) =>
      json<ProblemsResponse>(`${session(id)}/problems/scan`, { ...o, method: "POST" }),
    stopProblemScan: (id: string, o?: RequestOptions) =>
      json<ProblemsResponse>(`${session(id)}/problems/scan`, { ...o, method: "DELETE" }),
    listTools: (id: string, o?: RequestOptions) => json<ToolListResponse>(`${session(id)}/tools`, o),
    /** Argument completion for a resource template (409 when the server lacks the capability). */
    complete: (id: string, body: CompleteBody, o?: RequestOptions) =>
      postJson<CompleteResponse>(`${session(id)}/complete`, body, o),
    callTool: (id: string, name: string, args: Record<string, unknown>, o?: RequestOptions) =>
      postJson<CallToolResult>(`${session(id)}/tools`, { name, arguments: args }, o),
    /** Cancel a request sent with `requestId`: the server is sent notifications/cancelled. */
    cancelRequest: (id: string, requestId: string, o?: RequestOptions) =>
      json<CancelResponse>(`${session(id)}/requests/${encodeURIComponent(requestId)}/cancel`, {
        ...o,
        method: "POST",
      }),
    /** A capture file (issue 25): its gzip bytes and the name the backend gave it. */
    captureSession: async (id: string, body: CaptureBody, o?: RequestOptions): Promise<CaptureDownload> => {
      const response = await send(`${session(id)}/capture`, {
        ...o,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
      return { blob: await response.blob(), fileName: named ?? "capture.mcpcapture.json.gz" };
    },
    // Recorded checks (issue #5): recording a session, drafting, saving, running, exporting.
    startRecording: (id: string, o?: RequestOptions) =>
      json<RecordingInfo>(`${session(id)}/recording`, { ...o, method: "POST" }),
    getRecording: (id: string, o?: RequestOptions) =>
      json<RecordingInfo | null>(`${session(id)}/recording`, o),
    discardRecording: async (id: string, o?: RequestOptions): Promise<void> => {
      await send(`${session(id)}/recording`, { ...o, method: "DELETE" });
    },
    draftCheck: (id: string, name: string, o?: RequestOptions) =>
      postJson<RecordingDraftResponse>(`${session(id)}/recording/check`, { name }, o),
    saveCheck: (body: SaveCheckBody, o?: RequestOptions) =>
      postJson<SaveCheckResponse>("/api/checks", body, o),
    listChecks: (folder: string, o?: RequestOptions) =>
      json<CheckListResponse>(`/api/checks?${new URLSearchParams({ folder }).toString()}`, o),
    runChecks: (body: RunChecksBody, o?: RequestOptions) =>
      postJson<RunChecksResponse>("/api/checks/run", body, o),
    exportPlaywright: (check: CheckFile, checkPath: string, o?: RequestOptions) =>
      postJson<PlaywrightSpecResponse>("/api/checks/playwright", { check, checkPath }, o),
  };
}

/** The backend's error envelope (lib/api/contract.ts `errorEnvelopeSchema`), checked by hand: no zod in the page. */
export function asErrorEnvelope(body: unknown): ErrorEnvelope | null {
  if (typeof body !== "object" || body === null) return null;
  const error: unknown = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return null;
  const e = error as Record<string, unknown>;
  if (typeof e.code !== "string" || typeof e.message !== "string") return null;
  if (e.mcpCode !== undefined && !(typeof e.mcpCode === "number" && Number.isFinite(e.mcpCode))) return null;
  const tail = e.stderrTail;
  if (tail !== undefined && !(Array.isArray(tail) && tail.every((l) => typeof l === "string"))) return null;
  return {
    error: {
      code: e.code,
      message: e.message,
      ...(e.mcpCode !== undefined ? { mcpCode: e.mcpCode } : {}),
      ...(tail !== undefined ? { stderrTail: tail } : {}),
    },
  };
}

/** Above this, a JSON body is taken as a blob first (a 10 MB read: Chromium's text() is ~2× slower). */
const LARGE_JSON_BYTES = 1 << 20;

/**
 * A response's JSON. Chromium reads a large body into a string far faster through a Blob than
 * through `text()`/`json()` (7.6 MB here: ~140 ms against ~270 ms, parse included), so a body the
 * server says is large takes that way.
 */
export async function readJsonBody(response: Response): Promise<unknown> {
  const length = Number(response.headers.get("Content-Length"));
  if (!(length > LARGE_JSON_BYTES)) return response.json();
  return JSON.parse(await (await response.blob()).text());
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the status line below.
  }
  const envelope = asErrorEnvelope(body);
  if (envelope) {
    const { code, message, mcpCode, stderrTail } = envelope.error;
    return new ApiError({ status: response.status, code, message, mcpCode, stderrTail });
  }
  return new ApiError({
    status: response.status,
    code: response.status === 401 ? "unauthorized" : "http_error",
    message: `The backend answered ${response.status} ${response.statusText}`.trim(),
  });
}
