import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";

/**
 * A JSON-RPC error for request handlers. The SDK's Protocol sends any thrown error's `code`,
 * `message` and `data`; McpError would put "MCP error <code>: " into the message itself, so
 * clients (which add that prefix again) would show it twice.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.data = data;
  }
}

/** "Resource not found" (spec 2025-11-25, -32002); the SDK's ErrorCode enum has no member for it. */
export const RESOURCE_NOT_FOUND = -32002;

export function resourceNotFound(uri: string): RpcError {
  return new RpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
}

export function invalidParams(message: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, message);
}
