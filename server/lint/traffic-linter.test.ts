/**
 * The linter fed recorded message objects, the way the traffic tap feeds it: the bookkeeping
 * that needs several messages (walks, subscriptions, ids, the negotiated version) and the era
 * rule, which no fixture of ours can trigger with SDK 1.32 (it speaks only up to 2025-11-25).
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { TrafficLinter } from "./traffic-linter";

const msg = (m: object) => ({ jsonrpc: "2.0", ...m }) as JSONRPCMessage;

function initialized(version: string, capabilities: object = { resources: {} }) {
  const l = new TrafficLinter();
  l.message("out", msg({ id: 0, method: "initialize", params: { protocolVersion: version } }));
  l.message(
    "in",
    msg({
      id: 0,
      result: { protocolVersion: version, capabilities, serverInfo: { name: "s", version: "1" } },
    }),
  );
  return l;
}

describe("TrafficLinter", () => {
  it("modern era: a list result without ttlMs/cacheScope under 2026-07-28 (version from the request's _meta)", () => {
    const l = new TrafficLinter();
    l.message(
      "out",
      msg({
        id: 1,
        method: "resources/list",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
      }),
    );
    l.message("in", msg({ id: 1, result: { resources: [], resultType: "complete", ttlMs: 1000 } }));
    expect(l.list().map((p) => p.code)).toEqual(["modern-result-without-cache-fields"]);
  });

  it("legacy era: the same result is fine", () => {
    const l = initialized("2025-11-25");
    l.message("out", msg({ id: 1, method: "resources/list", params: {} }));
    l.message("in", msg({ id: 1, result: { resources: [] } }));
    // The spec is content; Gemini CLI is not: a resources-only server listing nothing is refused.
    expect(l.list().map((p) => p.code)).toEqual(["host-empty-server"]);
  });

  it("two walks of the same list at once keep their own pages (no false duplicate)", () => {
    const l = initialized("2025-11-25");
    const page1 = { resources: [{ uri: "x://1", name: "1" }], nextCursor: "c1" };
    const page2 = { resources: [{ uri: "x://2", name: "2" }] };
    l.message("out", msg({ id: 1, method: "resources/list", params: {} }));
    l.message("out", msg({ id: 2, method: "resources/list", params: {} }));
    l.message("in", msg({ id: 1, result: page1 }));
    l.message("in", msg({ id: 2, result: page1 }));
    l.message("out", msg({ id: 3, method: "resources/list", params: { cursor: "c1" } }));
    l.message("in", msg({ id: 3, result: page2 }));
    l.message("out", msg({ id: 4, method: "resources/list", params: { cursor: "c1" } }));
    l.message("in", msg({ id: 4, result: page2 }));
    // No spec problem; paging itself costs older Claude Code and Codex's model the second page.
    expect(
      l
        .list()
        .map((p) => p.code)
        .sort(),
    ).toEqual(["host-codex-paging", "host-past-first-page"]);
  });

  it("updated after unsubscribe is unasked-for; updated while subscribed is not", () => {
    const l = initialized("2025-11-25", { resources: { subscribe: true } });
    l.message("out", msg({ id: 1, method: "resources/subscribe", params: { uri: "x://a" } }));
    l.message("in", msg({ id: 1, result: {} }));
    l.message("in", msg({ method: "notifications/resources/updated", params: { uri: "x://a" } }));
    expect(l.list()).toEqual([]);
    l.message("out", msg({ id: 2, method: "resources/unsubscribe", params: { uri: "x://a" } }));
    l.message("in", msg({ method: "notifications/resources/updated", params: { uri: "x://a" } }));
    expect(l.list().map((p) => p.code)).toEqual(["updated-not-subscribed"]);
  });

  it("a -32601 for a method whose capability was not declared is no problem", () => {
    const l = initialized("2025-11-25", { resources: {} });
    l.message("out", msg({ id: 1, method: "resources/subscribe", params: { uri: "x://a" } }));
    l.message("in", msg({ id: 1, error: { code: -32601, message: "Method not found" } }));
    l.message("out", msg({ id: 2, method: "completion/complete", params: {} }));
    l.message("in", msg({ id: 2, error: { code: -32601, message: "Method not found" } }));
    expect(l.list()).toEqual([]);
  });

  it("keeps at most `capacity` problems and counts the rest as dropped", () => {
    const l = new TrafficLinter({ capacity: 3 });
    for (let i = 0; i < 5; i++) l.message("in", msg({ id: `stray-${i}`, result: {} }));
    expect(l.list()).toHaveLength(3);
    expect(l.dropped).toBe(2);
  });

  it("a -32002 or -32602 not-found is fine; a -32603 'not found' is not", () => {
    const l = initialized("2025-11-25");
    l.message("out", msg({ id: 1, method: "resources/read", params: { uri: "x://gone" } }));
    l.message("in", msg({ id: 1, error: { code: -32602, message: "Resource x://gone not found" } }));
    const spec = () => l.list().filter((p) => !p.code.startsWith("host-"));
    expect(spec()).toEqual([]);
    l.message("out", msg({ id: 2, method: "resources/read", params: { uri: "x://gone" } }));
    l.message("in", msg({ id: 2, error: { code: -32603, message: "Resource x://gone not found" } }));
    expect(spec().map((p) => p.code)).toEqual(["not-found-code"]);
    // What each model gets instead is shown once per URI, as information.
    expect(l.list().filter((p) => p.code === "host-read-error")).toMatchObject([
      { severity: "info", count: 2, hosts: ["gemini-cli", "claude-code"] },
    ]);
  });

  it("modern era: cacheScope public is a warning only when the requests carry credentials", () => {
    const meta = { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } };
    const result = {
      contents: [{ uri: "x://a", mimeType: "text/plain", text: "a" }],
      resultType: "complete",
      ttlMs: 0,
      cacheScope: "public",
    };
    const l = new TrafficLinter();
    const spec = () => l.list().filter((p) => !p.code.startsWith("host-"));
    let credentials = false;
    l.setCredentials(() => credentials);
    l.message("out", msg({ id: 1, method: "resources/read", params: { ...meta, uri: "x://a" } }));
    l.message("in", msg({ id: 1, result }));
    expect(spec().map((p) => p.code)).toEqual([]);
    credentials = true;
    l.message("out", msg({ id: 2, method: "resources/read", params: { ...meta, uri: "x://a" } }));
    l.message("in", msg({ id: 2, result }));
    expect(spec().map((p) => [p.code, p.severity])).toEqual([["public-cache-with-credentials", "warning"]]);
  });

  it("modern era: a notification of a stream the client just cancelled is in flight, not unknown; a result before the acknowledgement is not", () => {
    const meta = { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } };
    const sub = (id: string) => ({ _meta: { "io.modelcontextprotocol/subscriptionId": id } });
    const l = new TrafficLinter();
    l.message(
      "out",
      msg({ id: "listen:0", method: "subscriptions/listen", params: { ...meta, notifications: {} } }),
    );
    l.message(
      "in",
      msg({
        method: "notifications/subscriptions/acknowledged",
        params: { ...sub("listen:0"), notifications: {} },
      }),
    );
    l.message("out", msg({ method: "notifications/cancelled", params: { requestId: "listen:0" } }));
    l.message("in", msg({ method: "notifications/resources/list_changed", params: sub("listen:0") }));
    expect(l.list().map((p) => p.code)).toEqual([]);
    // Cancelled at once, before its acknowledgement: the client changed its mind.
    l.message(
      "out",
      msg({ id: "listen:1", method: "subscriptions/listen", params: { ...meta, notifications: {} } }),
    );
    l.message("out", msg({ method: "notifications/cancelled", params: { requestId: "listen:1" } }));
    expect(l.list().map((p) => p.code)).toEqual([]);
    // Its graceful close answered before any acknowledgement breaks the rule.
    l.message(
      "out",
      msg({ id: "listen:2", method: "subscriptions/listen", params: { ...meta, notifications: {} } }),
    );
    l.message("in", msg({ id: "listen:2", result: { resultType: "complete", ...sub("listen:2") } }));
    expect(l.list().map((p) => p.code)).toEqual(["listen-not-acknowledged"]);
  });
});
