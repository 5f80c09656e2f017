import "server-only";
import { z } from "zod";

const numberFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Backend limits, validated once from the environment. */
const schema = z.object({
  MCP_INSPECTOR_REQUEST_TIMEOUT_MS: numberFromEnv(30_000),
  MCP_INSPECTOR_CONNECT_TIMEOUT_MS: numberFromEnv(30_000),
  MCP_INSPECTOR_MAX_MESSAGE_BYTES: numberFromEnv(64 * 1024 * 1024),
  MCP_INSPECTOR_MAX_SESSIONS: numberFromEnv(32),
  MCP_INSPECTOR_MAX_PAGES: numberFromEnv(10_000),
  MCP_INSPECTOR_IDLE_TIMEOUT_MS: numberFromEnv(10 * 60_000),
  MCP_INSPECTOR_SLOW_REQUEST_MS: numberFromEnv(10_000),
});

export type McpConfig = {
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  maxMessageBytes: number;
  maxSessions: number;
  maxPages: number;
  /** Close sessions once no tab has had the event stream open for this long. */
  idleTimeoutMs: number;
  /** The Problems panel's slow-request threshold (server/lint/). */
  slowRequestMs?: number;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): McpConfig {
  const parsed = schema.parse({
    MCP_INSPECTOR_REQUEST_TIMEOUT_MS: env.MCP_INSPECTOR_REQUEST_TIMEOUT_MS || undefined,
    MCP_INSPECTOR_CONNECT_TIMEOUT_MS: env.MCP_INSPECTOR_CONNECT_TIMEOUT_MS || undefined,
    MCP_INSPECTOR_MAX_MESSAGE_BYTES: env.MCP_INSPECTOR_MAX_MESSAGE_BYTES || undefined,
    MCP_INSPECTOR_MAX_SESSIONS: env.MCP_INSPECTOR_MAX_SESSIONS || undefined,
    MCP_INSPECTOR_MAX_PAGES: env.MCP_INSPECTOR_MAX_PAGES || undefined,
    MCP_INSPECTOR_IDLE_TIMEOUT_MS: env.MCP_INSPECTOR_IDLE_TIMEOUT_MS || undefined,
    MCP_INSPECTOR_SLOW_REQUEST_MS: env.MCP_INSPECTOR_SLOW_REQUEST_MS || undefined,
  });
  return {
    requestTimeoutMs: parsed.MCP_INSPECTOR_REQUEST_TIMEOUT_MS,
    connectTimeoutMs: parsed.MCP_INSPECTOR_CONNECT_TIMEOUT_MS,
    maxMessageBytes: parsed.MCP_INSPECTOR_MAX_MESSAGE_BYTES,
    maxSessions: parsed.MCP_INSPECTOR_MAX_SESSIONS,
    maxPages: parsed.MCP_INSPECTOR_MAX_PAGES,
    idleTimeoutMs: parsed.MCP_INSPECTOR_IDLE_TIMEOUT_MS,
    slowRequestMs: parsed.MCP_INSPECTOR_SLOW_REQUEST_MS,
  };
}
