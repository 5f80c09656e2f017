/**
 * Every error a route can meet becomes one envelope with the right status; MCP error codes are
 * kept as mcpCode. One row per error class, so a new class without a mapping shows up as a 500.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CommandLineError } from "@/lib/launch/command-line";
import type { ErrorEnvelope } from "@/lib/api/contract";
import { NotRecordingError } from "@/server/check/recorder";
import {
  CompletionsNotSupportedError,
  SessionNotConnectedError,
  SessionNotFoundError,
  SessionStartError,
  TooManySessionsError,
  WatchNotSupportedError,
} from "@/server/mcp/session-errors";
import { MessageTooLargeError } from "@/server/mcp/transports/owned";
import { errorResponse, HttpError, toHttpError } from "./errors";

afterEach(() => vi.restoreAllMocks());

const mapped = (err: unknown) => {
  const e = toHttpError(err);
  return { status: e.status, code: e.code, message: e.message, extra: e.extra };
};

describe("toHttpError: domain errors", () => {
  it.each([
    ["an HttpError, as it is", new HttpError(418, "bad_request", "teapot"), 418, "bad_request"],
    ["a command line that does not parse", new CommandLineError("unterminated quote"), 400, "bad_request"],
    ["an unknown session", new SessionNotFoundError("abc"), 404, "not_found"],
    ["a session that is not recording", new NotRecordingError(), 404, "not_found"],
    ["a disconnected session", new SessionNotConnectedError("demo", "disconnected"), 409, "conflict"],
    ["no completions capability", new CompletionsNotSupportedError("demo"), 409, "conflict"],
    ["no subscribe capability", new WatchNotSupportedError("demo"), 409, "conflict"],
    ["too many sessions", new TooManySessionsError("Already 32 servers running"), 409, "conflict"],
    ["a message over the limit", new MessageTooLargeError("message of 70 MB"), 413, "payload_too_large"],
    ["the SDK's 'Not connected'", new Error("Not connected"), 409, "conflict"],
  ])("%s → %i %s", (_what, err, status, code) => {
    const m = mapped(err);
    expect(m).toMatchObject({ status, code });
    // The SDK's bare "Not connected" gets a sentence a user can act on; the others are ours already.
    expect(m.message).toBe(err.message === "Not connected" ? "The server is not connected." : err.message);
  });

  it("a server that failed to start → 502 bad_gateway with its stderr tail; one that timed out → 504", () => {
    const failed = mapped(
      new SessionStartError("The server exited during initialization (exit code 3).", ["fatal: no key"], 3),
    );
    expect(failed).toMatchObject({
      status: 502,
      code: "bad_gateway",
      extra: { stderrTail: ["fatal: no key"] },
    });
    const slow = mapped(
      new SessionStartError(
        "initialize timed out: the server did not answer within 30000 ms.",
        [],
        null,
        "SIGTERM",
        true,
      ),
    );
    expect(slow).toMatchObject({ status: 504, code: "gateway_timeout", extra: { stderrTail: [] } });
  });
});

describe("toHttpError: MCP errors keep their code", () => {
  const mcp = (code: number, message: string) => mapped(new McpError(code, message));

  it.each([
    [ErrorCode.RequestTimeout, "Request timed out", 504, "gateway_timeout"],
    [ErrorCode.ConnectionClosed, "Connection closed", 502, "bad_gateway"],
    [-32002, "Resource not found: demo://x", 404, "not_found"],
    [ErrorCode.InvalidParams, "Resource demo://x not found", 404, "not_found"],
    [ErrorCode.InvalidParams, "Unknown resource: demo://x", 404, "not_found"],
    [ErrorCode.InvalidParams, "Invalid cursor", 400, "bad_request"],
    [ErrorCode.MethodNotFound, "Method not found", 501, "server_error"],
    [ErrorCode.InternalError, "boom", 502, "server_error"],
    [-31999, "a code outside the SDK's enum", 502, "server_error"],
  ])("%i (%s) → %i %s", (code, message, status, httpCode) => {
    const m = mcp(code, message);
    expect(m).toMatchObject({ status, code: httpCode, extra: { mcpCode: code } });
    expect(m.message).toContain(message);
    // The SDK's "MCP error -32002: " prefix is not repeated to the user.
    expect(m.message).not.toMatch(/MCP error/);
  });

  it("an McpServer's message, prefixed by the server and again by the client, loses both", () => {
    // What the SDK's McpServer sends for an unknown URI, wrapped by the client's McpError.
    const m = mcp(ErrorCode.InvalidParams, "MCP error -32602: Resource demo://x not found");
    expect(m).toMatchObject({ status: 404, message: "Resource demo://x not found" });
  });

  it("a 2026-07-28 -32602 naming data.uri is not-found whatever its message; without data.uri it stays 400", () => {
    const gone = mapped(new McpError(ErrorCode.InvalidParams, "No such thing", { uri: "demo://x" }));
    expect(gone).toMatchObject({ status: 404, code: "not_found", extra: { mcpCode: -32602 } });
    const bad = mapped(new McpError(ErrorCode.InvalidParams, "No such thing", { field: "uri" }));
    expect(bad).toMatchObject({ status: 400, code: "bad_request" });
  });
});

describe("toHttpError: everything else", () => {
  it("a schema violation in a server's answer (zod issues) → 502 server_error naming the MCP schema", () => {
    const parsed = z.object({ blob: z.base64() }).safeParse({ blob: "not base64!" });
    expect(parsed.success).toBe(false);
    const m = mapped(parsed.error);
    expect(m).toMatchObject({ status: 502, code: "server_error" });
    expect(m.message).toMatch(/^The server's answer does not follow the MCP schema: /);
    // One line naming the field, not zod's issues as pretty-printed JSON.
    expect(m.message).toMatch(/: blob: [^\n]+$/);
  });

  it("an unknown error → 500 internal with a generic message; the details go to the log only", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const secret = new Error("ENOENT /home/someone/.secret");
    const m = mapped(secret);
    expect(m).toMatchObject({ status: 500, code: "internal" });
    expect(m.message).not.toContain("secret");
    expect(log).toHaveBeenCalledWith(expect.any(String), secret);
    expect(mapped("a thrown string")).toMatchObject({ status: 500, code: "internal" });
  });
});

describe("errorResponse", () => {
  it("is the one envelope, with the status, the extras and no caching", async () => {
    const res = errorResponse(new HttpError(404, "not_found", "gone", { mcpCode: -32002 }));
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await res.json()) as ErrorEnvelope).toEqual({
      error: { code: "not_found", message: "gone", mcpCode: -32002 },
    });
  });
});
