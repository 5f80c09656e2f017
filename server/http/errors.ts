import "server-only";
import { ErrorCode as McpErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { CaptureFormatError, CaptureTooLargeError } from "@/lib/capture/format";
import { CommandLineError } from "@/lib/launch/command-line";
import type { ErrorCode, ErrorEnvelope } from "@/lib/api/contract";
import { NotRecordingError } from "@/server/check/recorder";
import {
  MESSAGE_TOO_LARGE,
  MessageTooLargeError,
  TransportRequestError,
} from "@/server/mcp/transports/owned";
import {
  SessionNotConnectedError,
  SessionNotFoundError,
  SessionStartError,
  TooManySessionsError,
  LaunchRefusedError,
  WatchNotSupportedError,
  CompletionsNotSupportedError,
  RestartNotSupportedError,
  CaptureReadOnlyError,
  WatchPathError,
  RequestCancelledError,
  RequestIdInUseError,
  oncePrefixed,
  schemaFailureText,
} from "@/server/mcp/session-errors";

/** An error that already knows its HTTP answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<ErrorEnvelope["error"], "code" | "message"> = {},
  ) {
    super(message);
  }
}

function fromMcpError(err: McpError): HttpError {
  const message = oncePrefixed(err.message).replace(/^MCP error -?\d+: /, "");
  const extra = { mcpCode: err.code };
  // Plain numbers: servers send codes outside the SDK's enum (e.g. -32002).
  const code: number = err.code;
  // A response over the message limit, dropped by our stdio transport (its stand-in answer).
  if ((err.data as { inspector?: unknown } | undefined)?.inspector === MESSAGE_TOO_LARGE)
    return new HttpError(413, "payload_too_large", message, extra);
  switch (code) {
    case McpErrorCode.RequestTimeout as number:
      return new HttpError(504, "gateway_timeout", `The server did not answer in time: ${message}`, extra);
    case McpErrorCode.ConnectionClosed as number:
      return new HttpError(502, "bad_gateway", `The server connection closed: ${message}`, extra);
    case -32002: // Resource not found (spec up to 2025-11-25)
      return new HttpError(404, "not_found", message, extra);
    case McpErrorCode.InvalidParams as number:
      // The SDK's McpServer and 2026-07-28 servers report an unknown resource as -32602, the
      // latter with `data.uri` (spec 2026-07-28: resources#error-handling) whatever the message says.
      return /not found|unknown resource/i.test(message) ||
        typeof (err.data as { uri?: unknown } | undefined)?.uri === "string"
        ? new HttpError(404, "not_found", message, extra)
        : new HttpError(400, "bad_request", message, extra);
    case McpErrorCode.MethodNotFound as number:
      return new HttpError(501, "server_error", `The server does not support this: ${message}`, extra);
    default:
      return new HttpError(502, "server_error", message, extra);
  }
}

/** Map anything thrown below a route handler to one HttpError. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof McpError) return fromMcpError(err);
  if (err instanceof CommandLineError) return new HttpError(400, "bad_request", err.message);
  if (err instanceof LaunchRefusedError) return new HttpError(400, "bad_request", err.message);
  if (err instanceof SessionNotFoundError) return new HttpError(404, "not_found", err.message);
  if (err instanceof NotRecordingError) return new HttpError(404, "not_found", err.message);
  if (err instanceof SessionNotConnectedError) return new HttpError(409, "conflict", err.message);
  if (err instanceof CompletionsNotSupportedError) return new HttpError(409, "conflict", err.message);
  if (err instanceof WatchNotSupportedError) return new HttpError(409, "conflict", err.message);
  if (err instanceof WatchPathError) return new HttpError(400, "bad_request", err.message);
  if (err instanceof CaptureTooLargeError)
    return new HttpError(413, "payload_too_large", `This file cannot be opened: ${err.message}.`);
  if (err instanceof CaptureFormatError)
    return new HttpError(400, "bad_request", `This file cannot be opened: ${err.message}.`);
  if (err instanceof CaptureReadOnlyError) return new HttpError(409, "conflict", err.message);
  if (err instanceof RestartNotSupportedError) return new HttpError(409, "conflict", err.message);
  if (err instanceof RequestCancelledError) return new HttpError(409, "conflict", err.message);
  if (err instanceof RequestIdInUseError) return new HttpError(409, "conflict", err.message);
  if (err instanceof TooManySessionsError) return new HttpError(409, "conflict", err.message);
  if (err instanceof MessageTooLargeError) return new HttpError(413, "payload_too_large", err.message);
  if (err instanceof TransportRequestError) return new HttpError(502, "bad_gateway", err.message);
  if (err instanceof SessionStartError) {
    const timedOut = err.timedOut;
    return new HttpError(timedOut ? 504 : 502, timedOut ? "gateway_timeout" : "bad_gateway", err.message, {
      stderrTail: err.stderrTail,
    });
  }
  // The SDK validates answers against the MCP schema (e.g. a blob that is not base64); the server
  // broke the protocol, which is worth showing, not a 500.
  const schemaFailure = schemaFailureText(err);
  if (schemaFailure !== null) return new HttpError(502, "server_error", schemaFailure);
  if (err instanceof Error && err.message === "Not connected") {
    return new HttpError(409, "conflict", "The server is not connected.");
  }
  console.error("[mcp-resource-inspector] unexpected error:", err);
  return new HttpError(500, "internal", "Internal error; see the inspector's terminal for details.");
}

export function errorResponse(err: HttpError): Response {
  const body: ErrorEnvelope = { error: { code: err.code, message: err.message, ...err.extra } };
  return Response.json(body, { status: err.status, headers: { "Cache-Control": "no-store" } });
}
