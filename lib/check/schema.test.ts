import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFileSchema, checkJsonSchema } from "./schema";

const minimal = {
  version: 1,
  name: "demo",
  server: { preset: "demo" },
  steps: [{ id: "c", action: "connect", expect: {} }],
};

describe("check file schema", () => {
  it("accepts a minimal check and fills defaults", () => {
    const c = checkFileSchema.parse(minimal);
    expect(c.timeoutMs).toBe(30_000);
    expect(c.steps[0]).toMatchObject({ matchers: {} });
  });

  it("version 2 adds servers behind a URL; version 1 keeps only commands and the preset", () => {
    const url = { url: "http://127.0.0.1:1/mcp", headers: { Authorization: "${AUTHORIZATION}" } };
    const v2 = checkFileSchema.parse({ ...minimal, version: 2, server: url });
    expect(v2.server).toEqual({ ...url, transport: "auto" });
    expect(checkFileSchema.parse({ ...minimal, version: 2 }).version).toBe(2);
    const v1 = checkFileSchema.safeParse({ ...minimal, version: 1, server: url });
    expect(v1.error?.issues.map((i) => i.message)).toEqual(["a server with a url needs version 2"]);
    expect(
      checkFileSchema.safeParse({ ...minimal, version: 2, server: { ...url, headers: { "Bad Name": "x" } } })
        .success,
    ).toBe(false);
  });

  it("version 3 adds waits by count and list changes by shape; older versions refuse them", () => {
    const steps = [
      ...minimal.steps,
      { id: "w", action: "watch", uri: "f://t" },
      { id: "u", action: "expectUpdated", uri: "f://t", after: "w", withinMs: 2000, count: { min: 3 } },
      {
        id: "l",
        action: "expectListChanged",
        after: "w",
        withinMs: 2000,
        addedShape: { count: { min: 2 }, pattern: "f://added-\\d+", examples: ["f://added-1"] },
      },
    ];
    expect(checkFileSchema.safeParse({ ...minimal, version: 3, steps }).success).toBe(true);
    const v2 = checkFileSchema.safeParse({ ...minimal, version: 2, steps });
    expect(v2.error?.issues.map((i) => i.message)).toEqual([
      "a counted or shaped wait needs version 3",
      "a counted or shaped wait needs version 3",
    ]);
  });

  it("refuses an unknown version, an unknown action and unknown keys", () => {
    expect(checkFileSchema.safeParse({ ...minimal, version: 4 }).success).toBe(false);
    expect(checkFileSchema.safeParse({ ...minimal, steps: [{ id: "x", action: "explode" }] }).success).toBe(
      false,
    );
    expect(checkFileSchema.safeParse({ ...minimal, extra: 1 }).success).toBe(false);
  });

  it("refuses duplicate step ids and an `after` that names a later step", () => {
    const dup = { ...minimal, steps: [minimal.steps[0], minimal.steps[0]] };
    expect(checkFileSchema.safeParse(dup).success).toBe(false);
    const later = {
      ...minimal,
      steps: [
        { id: "w", action: "expectUpdated", uri: "a://b", withinMs: 10, after: "z" },
        { ...minimal.steps[0], id: "z" },
      ],
    };
    expect(checkFileSchema.safeParse(later).success).toBe(false);
  });

  it("validates matcher kinds", () => {
    const bad = { ...minimal, steps: [{ ...minimal.steps[0], matchers: { "/a": { type: "fuzzy" } } }] };
    expect(checkFileSchema.safeParse(bad).success).toBe(false);
  });

  it("the published docs/check.schema.json is current (run npm run build:bundles after changing the schema)", () => {
    const published: unknown = JSON.parse(readFileSync("docs/check.schema.json", "utf8"));
    expect(published).toEqual(checkJsonSchema());
  });
});
