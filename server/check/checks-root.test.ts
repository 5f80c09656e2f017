/**
 * Where the checks root is (set at start, never by a request) and which relative names lead into it.
 */
import { mkdtempSync, rmSync, symlinkSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CheckPathError, checksRoot, resolveInRoot, segmentsOf } from "./checks-root";

const saved = { root: process.env.MCP_INSPECTOR_ROOT, dir: process.env.MCP_INSPECTOR_CHECKS_DIR };
afterEach(() => {
  for (const [name, value] of [
    ["MCP_INSPECTOR_ROOT", saved.root],
    ["MCP_INSPECTOR_CHECKS_DIR", saved.dir],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("checksRoot", () => {
  it("is the app folder's mcp-checks by default, MCP_INSPECTOR_CHECKS_DIR absolute, or relative to the app folder", () => {
    process.env.MCP_INSPECTOR_ROOT = "/srv/app";
    delete process.env.MCP_INSPECTOR_CHECKS_DIR;
    expect(checksRoot()).toBe("/srv/app/mcp-checks");
    process.env.MCP_INSPECTOR_CHECKS_DIR = "/data/checks";
    expect(checksRoot()).toBe("/data/checks");
    process.env.MCP_INSPECTOR_CHECKS_DIR = "e2e/checks";
    expect(checksRoot()).toBe("/srv/app/e2e/checks");
  });
});

describe("segmentsOf", () => {
  it("takes ordinary relative names; '' and '.' are the root; empty parts are ignored", () => {
    expect(segmentsOf("", "folder")).toEqual([]);
    expect(segmentsOf(".", "folder")).toEqual([]);
    expect(segmentsOf("a/b-c/d_e.check.json", "f")).toEqual(["a", "b-c", "d_e.check.json"]);
    expect(segmentsOf("a//b/", "f")).toEqual(["a", "b"]);
  });

  it("refuses .., absolute paths, dot-names, backslashes, NUL, control characters and line separators, without echoing the name", () => {
    for (const bad of [
      "..",
      "a/..",
      "../x",
      "/etc",
      "C:/x",
      "./a",
      "a/.git",
      ".env",
      "a\\b",
      "a\u0000",
      "a\tb",
      "a\u2028b",
      "a\u009bb",
      "x".repeat(256),
    ]) {
      let err: unknown;
      try {
        segmentsOf(bad, "folder");
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(bad)).toBeInstanceOf(CheckPathError);
      expect((err as Error).message.startsWith("folder: ")).toBe(true);
      if (bad.length > 3) expect((err as Error).message).not.toContain(bad);
    }
  });
});

describe("resolveInRoot", () => {
  it("follows symlinks that stay inside the root and refuses those that leave it, at any depth", async () => {
    const base = mkdtempSync(path.join(tmpdir(), "mcp-root-"));
    try {
      const root = path.join(base, "root");
      process.env.MCP_INSPECTOR_CHECKS_DIR = root;
      mkdirSync(path.join(root, "real", "deeper"), { recursive: true });
      symlinkSync(path.join(root, "real"), path.join(root, "alias"));
      symlinkSync(base, path.join(root, "real", "up"));
      symlinkSync(path.join(base, "nowhere"), path.join(root, "broken"));
      const inside = await resolveInRoot("alias/deeper/x.check.json", "files[0]");
      expect(inside.rel).toBe("alias/deeper/x.check.json");
      expect(inside.last).toBeNull();
      expect(inside.real.endsWith(path.join("real", "deeper", "x.check.json"))).toBe(true);
      await expect(resolveInRoot("alias/up/root/x", "folder")).rejects.toThrow(
        "folder: alias/up is a symbolic link that leads outside the checks folder",
      );
      await expect(resolveInRoot("broken/x", "folder")).rejects.toThrow(
        "folder: broken is a broken symbolic link",
      );
      expect((await resolveInRoot("broken", "filename")).last).toEqual({
        isSymlink: true,
        isFile: false,
        isDirectory: false,
      });
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
