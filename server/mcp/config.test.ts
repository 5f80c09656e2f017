import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

// Next types NODE_ENV as always present; these tests pass only what they are about.
const env = (vars: Record<string, string>) => ({ NODE_ENV: "test", ...vars }) as const;

describe("readConfig", () => {
  it("has defaults for every limit", () => {
    expect(readConfig(env({}))).toEqual({
      requestTimeoutMs: 30_000,
      connectTimeoutMs: 30_000,
      maxMessageBytes: 64 * 1024 * 1024,
      maxSessions: 32,
      maxPages: 10_000,
      idleTimeoutMs: 600_000,
      slowRequestMs: 10_000,
    });
  });

  it("reads each variable; an empty one (FOO= in a shell) means the default", () => {
    const config = readConfig(
      env({
        MCP_INSPECTOR_REQUEST_TIMEOUT_MS: "5000",
        MCP_INSPECTOR_CONNECT_TIMEOUT_MS: "",
        MCP_INSPECTOR_MAX_MESSAGE_BYTES: "1048576",
        MCP_INSPECTOR_MAX_SESSIONS: "2",
        MCP_INSPECTOR_MAX_PAGES: "3",
        MCP_INSPECTOR_IDLE_TIMEOUT_MS: "1000",
        MCP_INSPECTOR_SLOW_REQUEST_MS: "2500",
      }),
    );
    expect(config).toEqual({
      requestTimeoutMs: 5000,
      connectTimeoutMs: 30_000,
      maxMessageBytes: 1_048_576,
      maxSessions: 2,
      maxPages: 3,
      idleTimeoutMs: 1000,
      slowRequestMs: 2500,
    });
  });

  it.each(["0", "-1", "1.5", "ten"])(
    "refuses %j at startup rather than running without the limit",
    (value) => {
      expect(() => readConfig(env({ MCP_INSPECTOR_MAX_SESSIONS: value }))).toThrow();
    },
  );
});
