import { describe, expect, it } from "vitest";
import { abilitiesOf, maySignIn, SESSION_KINDS, sessionKindOf } from "./session-kinds";

const http = (url: string, transport: "auto" | "streamable-http" | "sse" | "websocket" = "auto") => ({
  kind: "http" as const,
  url,
  transport,
  headers: {} as Record<string, string>,
});

describe("session kinds as data", () => {
  it("a launch's kind: stdio, Streamable HTTP (auto too), SSE, WebSocket (ws:// under auto), capture over all", () => {
    expect(sessionKindOf({ kind: "stdio" })).toBe("stdio");
    expect(sessionKindOf(http("http://127.0.0.1:1/mcp"))).toBe("streamable-http");
    expect(sessionKindOf(http("http://127.0.0.1:1/sse", "sse"))).toBe("sse");
    expect(sessionKindOf(http("ws://127.0.0.1:1/mcp"))).toBe("websocket");
    expect(sessionKindOf(http("http://127.0.0.1:1/mcp"), true)).toBe("capture");
    expect(sessionKindOf({ kind: "stdio" }, true)).toBe("capture");
  });

  it("the rows: only a process restarts, only remote HTTP signs in, a capture is read-only and kept", () => {
    const rows = Object.entries(SESSION_KINDS);
    expect(rows.filter(([, a]) => a.restart).map(([k]) => k)).toEqual(["stdio"]);
    expect(rows.filter(([, a]) => a.signIn).map(([k]) => k)).toEqual(["streamable-http", "sse"]);
    expect(rows.filter(([, a]) => a.stderr).map(([k]) => k)).toEqual(["stdio", "capture"]);
    expect(rows.filter(([, a]) => a.reinitialize).map(([k]) => k)).toEqual(["streamable-http"]);
    expect(rows.filter(([, a]) => !a.live).map(([k]) => k)).toEqual(["capture"]);
    const capture = SESSION_KINDS.capture;
    expect([capture.record, capture.scan, capture.capture, capture.idleReap, capture.counted]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("sign-in is decided once: remote HTTP without the user's own Authorization header, never ws:// or a capture", () => {
    expect(maySignIn(http("https://x.example/mcp"))).toBe(true);
    expect(maySignIn({ ...http("https://x.example/mcp"), headers: { authorization: "Bearer t" } })).toBe(
      false,
    );
    expect(maySignIn(http("wss://x.example/mcp"))).toBe(false);
    expect(maySignIn(http("https://x.example/mcp"), true)).toBe(false);
    expect(maySignIn({ kind: "stdio" })).toBe(false);
    expect(abilitiesOf(http("https://x.example/mcp", "sse")).reconnect).toBe(false);
  });
});
