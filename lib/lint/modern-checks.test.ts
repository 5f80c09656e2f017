import { describe, expect, it } from "vitest";
import {
  checkEmptyContents,
  checkListAcrossConnections,
  checkModernCacheFields,
  checkNotFoundData,
  checkPublicScope,
  checkResultType,
  checkStreamNotification,
} from "./modern-checks";

const codes = (fs: { code: string }[]) => fs.map((f) => f.code);
const V = "2026-07-28";

describe("modern-era cache fields (recorded results)", () => {
  const listResult = { resources: [{ uri: "x://a", name: "a" }] };
  it("fires only when the negotiated version is 2026-07-28 or later", () => {
    expect(checkModernCacheFields("resources/list", listResult, "2025-11-25")).toEqual([]);
    expect(checkModernCacheFields("resources/list", listResult, null)).toEqual([]);
    expect(codes(checkModernCacheFields("resources/list", listResult, "2026-07-28"))).toEqual([
      "modern-result-without-cache-fields",
    ]);
    expect(
      checkModernCacheFields(
        "resources/list",
        { ...listResult, ttlMs: 0, cacheScope: "private" },
        "2026-07-28",
      ),
    ).toEqual([]);
    expect(checkModernCacheFields("tools/list", { tools: [] }, "2026-07-28")).toEqual([]);
  });
  it("names what is missing", () => {
    const [f] = checkModernCacheFields("resources/read", { contents: [], ttlMs: 5 }, "2026-07-28");
    expect(f?.message).toContain("no cacheScope");
    expect(f?.message).not.toContain("ttlMs");
  });
});

describe("modern-era cache fields: out of range", () => {
  it("an invalid ttlMs or cacheScope is an error of its own; an input_required read carries none", () => {
    const bad = { contents: [], resultType: "complete", ttlMs: -5, cacheScope: "everyone" };
    const [f] = checkModernCacheFields("resources/read", bad, V);
    expect(f?.code).toBe("invalid-cache-fields");
    expect(f?.message).toContain("ttlMs -5 and cacheScope everyone");
    expect(codes(checkModernCacheFields("resources/list", { ttlMs: 1.5, cacheScope: "public" }, V))).toEqual([
      "invalid-cache-fields",
    ]);
    expect(codes(checkModernCacheFields("server/discover", {}, V))).toEqual([
      "modern-result-without-cache-fields",
    ]);
    expect(checkModernCacheFields("resources/read", { resultType: "input_required" }, V)).toEqual([]);
  });
});

describe("resultType", () => {
  it("fires on a modern result without one, never on a legacy one or the listen's close", () => {
    expect(codes(checkResultType("resources/list", { resources: [] }, V))).toEqual([
      "result-without-result-type",
    ]);
    expect(checkResultType("resources/list", { resultType: "complete" }, V)).toEqual([]);
    expect(checkResultType("resources/list", {}, "2025-11-25")).toEqual([]);
    expect(checkResultType("subscriptions/listen", {}, V)).toEqual([]);
  });
});

describe("public cacheScope", () => {
  it("is a warning only with credentials, and only on cacheable results", () => {
    const r = { cacheScope: "public" };
    expect(codes(checkPublicScope("resources/read", r, true))).toEqual(["public-cache-with-credentials"]);
    expect(checkPublicScope("resources/read", r, false)).toEqual([]);
    expect(checkPublicScope("resources/read", { cacheScope: "private" }, true)).toEqual([]);
    expect(checkPublicScope("tools/call", r, true)).toEqual([]);
  });
});

describe("not found", () => {
  it("empty contents count only for a URI the server does not have, in the modern era", () => {
    expect(codes(checkEmptyContents("x://a", [], V, "probe"))).toEqual(["empty-contents-for-missing"]);
    expect(codes(checkEmptyContents("x://a", [], V, "unlisted"))).toEqual(["empty-contents-for-missing"]);
    expect(checkEmptyContents("x://a", [], V, false)).toEqual([]);
    expect(checkEmptyContents("x://a", [{ uri: "x://a", text: "" }], V, "probe")).toEqual([]);
    expect(checkEmptyContents("x://a", [], "2025-11-25", "probe")).toEqual([]);
  });

  it("-32602 needs data.uri; other codes and legacy sessions are not judged here", () => {
    expect(codes(checkNotFoundData("x://a", { code: -32602 }, V))).toEqual(["not-found-without-uri"]);
    expect(codes(checkNotFoundData("x://a", { code: -32602, data: { uri: 5 } }, V))).toEqual([
      "not-found-without-uri",
    ]);
    expect(checkNotFoundData("x://a", { code: -32602, data: { uri: "x://a" } }, V)).toEqual([]);
    expect(checkNotFoundData("x://a", { code: -32603 }, V)).toEqual([]);
    expect(checkNotFoundData("x://a", { code: -32602 }, "2025-11-25")).toEqual([]);
  });
});

describe("listen streams", () => {
  const updated = "notifications/resources/updated";
  it("each state of the notification's stream", () => {
    expect(codes(checkStreamNotification(updated, undefined, "none", V))).toEqual([
      "notification-without-subscription-id",
    ]);
    // Progress and log messages ride on requests, not streams: no id needed.
    expect(checkStreamNotification("notifications/progress", undefined, "none", V)).toEqual([]);
    expect(codes(checkStreamNotification(updated, "nope", "unknown", V))).toEqual([
      "unknown-subscription-id",
    ]);
    expect(codes(checkStreamNotification(updated, "listen:0", "unacknowledged", V))).toEqual([
      "listen-not-acknowledged",
    ]);
    const ack = "notifications/subscriptions/acknowledged";
    expect(checkStreamNotification(ack, "listen:0", "unacknowledged", V)).toEqual([]);
    expect(checkStreamNotification(updated, "listen:0", "open", V)).toEqual([]);
    expect(checkStreamNotification(updated, undefined, "none", "2025-11-25")).toEqual([]);
  });

  it("quotes a huge subscription id clipped, under one subject", () => {
    const [f] = checkStreamNotification(updated, "x".repeat(1_000_000), "unknown", V);
    expect(f?.subject).toBe(updated);
    expect(f?.message.length).toBeLessThan(400);
  });
});

describe("one list across two connections", () => {
  it("names the first differing URIs each way, a few and a count", () => {
    const [f] = checkListAcrossConnections(["a", "b", "c"], ["a", "d"], 1, true);
    expect(f?.code).toBe("list-differs-between-connections");
    expect(f?.message).toContain("only the first listed b, c; only the second listed d");
    const many = checkListAcrossConnections([], ["1", "2", "3", "4", "5"], 2, true)[0];
    expect(many?.message).toContain("only the second listed 1, 2, 3 and 2 more");
    expect(many?.message).toContain("first 2 pages");
  });

  it("the same URIs in another order are the same list; an incomplete second walk only adds", () => {
    expect(checkListAcrossConnections(["a", "b"], ["b", "a"], 1, true)).toEqual([]);
    expect(checkListAcrossConnections(["a", "b", "c"], ["a"], 1, false)).toEqual([]);
  });
});
