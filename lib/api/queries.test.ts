import { describe, expect, it } from "vitest";
import type { SessionSummary } from "./contract";
import { queryKeys, sessionPollInterval, SESSION_POLL_CONNECTING_MS, SESSION_POLL_IDLE_MS } from "./queries";

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

describe("queryKeys", () => {
  it("nests every per-session key under the session scope, so one invalidation reaches them all", () => {
    const scope = queryKeys.sessionScope("s1");
    for (const key of [
      queryKeys.resources("s1"),
      queryKeys.templates("s1"),
      queryKeys.stderr("s1"),
      queryKeys.read("s1", "demo://a"),
      queryKeys.content("s1", "demo://a", 0),
      queryKeys.watches("s1"),
      queryKeys.watchVersion("s1", "demo://a", 2),
      queryKeys.traffic("s1"),
      queryKeys.tools("s1"),
      queryKeys.liveMarks("s1"),
    ]) {
      expect(startsWith(key, scope)).toBe(true);
    }
    expect(startsWith(queryKeys.resources("s2"), scope)).toBe(false);
  });

  it("puts a read's content items under the read, so re-reading refreshes the bytes too", () => {
    expect(startsWith(queryKeys.content("s1", "demo://a", 3), queryKeys.read("s1", "demo://a"))).toBe(true);
    expect(startsWith(queryKeys.content("s1", "demo://ab", 3), queryKeys.read("s1", "demo://a"))).toBe(false);
  });

  it("keeps kept versions apart from the read, so a live re-read never refetches immutable versions", () => {
    expect(startsWith(queryKeys.watchVersion("s1", "demo://a", 1), queryKeys.read("s1", "demo://a"))).toBe(
      false,
    );
  });

  it("keeps the session list apart from per-session keys", () => {
    expect(startsWith(queryKeys.resources("s1"), queryKeys.sessions())).toBe(false);
  });
});

describe("sessionPollInterval", () => {
  const session = (status: SessionSummary["status"]) => ({ status }) as SessionSummary;
  it("polls fast while a server is connecting and slowly otherwise", () => {
    expect(sessionPollInterval({ sessions: [session("connected"), session("connecting")] })).toBe(
      SESSION_POLL_CONNECTING_MS,
    );
    expect(sessionPollInterval({ sessions: [session("connected"), session("disconnected")] })).toBe(
      SESSION_POLL_IDLE_MS,
    );
    expect(sessionPollInterval(undefined)).toBe(SESSION_POLL_IDLE_MS);
  });
});
