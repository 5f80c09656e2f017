import { describe, expect, it } from "vitest";
import {
  MAX_PER_TEMPLATE,
  MAX_TEMPLATES,
  parseRecentStore,
  recentKey,
  recentValues,
  rememberValues,
  type RecentStore,
} from "./recent-values";

const key = recentKey("demo", "demo://users/{userId}/profile");

describe("rememberValues", () => {
  it("puts the newest first, without duplicates or empty fields", () => {
    let store: RecentStore = {};
    store = rememberValues(store, key, { userId: "alice" }, 1);
    store = rememberValues(store, key, { userId: "bob", extra: "" }, 2);
    store = rememberValues(store, key, { userId: "alice" }, 3);
    expect(recentValues(store, key)).toEqual([{ userId: "alice" }, { userId: "bob" }]);
  });

  it("ignores a form with nothing filled in", () => {
    expect(rememberValues({}, key, { userId: "" }, 1)).toEqual({});
  });

  it("keeps a bounded number per template and of templates, dropping the least recently used", () => {
    let store: RecentStore = {};
    for (let i = 0; i < MAX_PER_TEMPLATE + 3; i++) store = rememberValues(store, key, { userId: `u${i}` }, i);
    expect(recentValues(store, key)).toHaveLength(MAX_PER_TEMPLATE);
    expect(recentValues(store, key)[0]).toEqual({ userId: `u${MAX_PER_TEMPLATE + 2}` });
    for (let t = 0; t < MAX_TEMPLATES + 5; t++) store = rememberValues(store, `k${t}`, { x: "1" }, 100 + t);
    expect(Object.keys(store)).toHaveLength(MAX_TEMPLATES);
    expect(store[key]).toBeUndefined();
    expect(store[`k${MAX_TEMPLATES + 4}`]).toBeDefined();
  });
});

describe("parseRecentStore", () => {
  it("reads what rememberValues wrote and treats anything else as empty", () => {
    const store = rememberValues({}, key, { userId: "alice" }, 1);
    expect(parseRecentStore(JSON.stringify(store))).toEqual(store);
    for (const raw of [null, "", "not json", "[]", '{"k":{"at":"x","values":[]}}']) {
      expect(parseRecentStore(raw), String(raw)).toEqual({});
    }
  });
});
