import type { SessionSummary } from "@/lib/api/contract";
import { abilitiesOf } from "@/lib/launch/session-kinds";

/**
 * A connected local (stdio) server with resources, as the session list reports it. Its abilities
 * are its kind's row (a capture's when `capture` is given), unless `abilities` overrides them.
 */
export function stdioSession(overrides: Partial<SessionSummary> = {}): SessionSummary {
  const s: Omit<SessionSummary, "abilities"> = {
    id: "s1",
    name: "demo",
    status: "connected",
    launch: { kind: "stdio", program: "node", args: ["server.js"], envNames: [] },
    transport: { kind: "stdio", pid: 4242 },
    pid: 4242,
    serverInfo: { name: "demo", version: "1.0.0" },
    capabilities: { resources: {}, tools: {} },
    protocolVersion: "2025-06-18",
    startedAt: new Date(0).toISOString(),
    undeclaredNotifications: 0,
    watchCount: 0,
    ...overrides,
  };
  return { ...s, abilities: overrides.abilities ?? abilitiesOf(s.launch, s.capture !== undefined) };
}

/** A connected remote (HTTP) server, signed in nowhere unless `auth` says so. */
export function httpSession(overrides: Partial<SessionSummary> = {}): SessionSummary {
  const url = "https://mcp.example.test/mcp";
  return stdioSession({
    id: "h1",
    name: "remote",
    launch: { kind: "http", url, transport: "auto", headerNames: [] },
    transport: {
      kind: "http",
      url,
      used: "streamable-http",
      sessionId: null,
      reinitialized: 0,
      streamLost: false,
    },
    pid: null,
    ...overrides,
  });
}
