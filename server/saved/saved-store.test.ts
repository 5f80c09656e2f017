import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LaunchSpec } from "@/lib/api/contract";
import { parseServerConfig } from "@/lib/import/server-config";
import { toStoredLaunch } from "./stored-launch";
import {
  readSavedServers,
  removeSavedServer,
  saveServer,
  SavedServerNotFoundError,
  SavedServersFileError,
  type SavedServer,
} from "./saved-store";

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "saved-servers-"));
  file = path.join(dir, "nested", "servers.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const server = (
  name: string,
  launch: LaunchSpec = { kind: "stdio", program: "node", args: ["s.js"], env: {} },
) => ({ name, launch, stored: [], savedAt: "2026-01-01T00:00:00.000Z" }) satisfies SavedServer;

describe("the saved-servers file", () => {
  it("keeps the era a server was saved with, for a URL and a command (issue 35)", () => {
    saveServer(
      server("remote", {
        kind: "http",
        url: "http://127.0.0.1:9/mcp",
        transport: "auto",
        headers: {},
        era: "modern",
      }),
      file,
    );
    saveServer(server("local", { kind: "stdio", program: "node", args: [], env: {}, era: "legacy" }), file);
    expect(readSavedServers(file).map((s) => [s.name, s.launch.era])).toEqual([
      ["remote", "modern"],
      ["local", "legacy"],
    ]);
  });

  it("is created 0600 in a 0700 folder, written through a temp file that does not stay behind", () => {
    expect(readSavedServers(file)).toEqual([]);
    saveServer(server("one"), file);
    saveServer(server("two"), file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.dirname(file))).toEqual(["servers.json"]);
    expect(readSavedServers(file).map((s) => s.name)).toEqual(["one", "two"]);
  });

  it("replaces a server saved again under the same name, keeps the order, and removes by name", () => {
    saveServer(server("one"), file);
    saveServer(server("two"), file);
    saveServer(
      server("one", { kind: "http", url: "http://127.0.0.1:9/mcp", transport: "sse", headers: {} }),
      file,
    );
    expect(readSavedServers(file).map((s) => [s.name, s.launch.kind])).toEqual([
      ["one", "http"],
      ["two", "stdio"],
    ]);
    removeSavedServer("one", file);
    expect(readSavedServers(file).map((s) => s.name)).toEqual(["two"]);
    expect(() => removeSavedServer("one", file)).toThrow(SavedServerNotFoundError);
  });

  it("a corrupt file is a clear error naming where it breaks, without its contents, and is never overwritten", () => {
    const corrupt = path.join(dir, "servers.json");
    const text = '{"version": 1, "servers": [\n  {"name": "a", "launch": SECRET-VALUE-123}\n]}';
    writeFileSync(corrupt, text, { mode: 0o600 });
    expect(() => readSavedServers(corrupt)).toThrow(/servers\.json is not valid JSON \(line 2, column \d+/);
    let message = "";
    try {
      saveServer(server("new"), corrupt);
    } catch (err) {
      expect(err).toBeInstanceOf(SavedServersFileError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/fix or remove it — it is not overwritten/);
    expect(message).not.toContain("SECRET-VALUE-123");
    expect(() => removeSavedServer("a", corrupt)).toThrow(SavedServersFileError);
    expect(readFileSync(corrupt, "utf8")).toBe(text);

    writeFileSync(corrupt, JSON.stringify({ version: 1, servers: [{ name: "a", launch: { kind: "ftp" } }] }));
    expect(() => readSavedServers(corrupt)).toThrow(/not a saved-servers file \(servers\[0\]\.launch/);
  });
});

describe("what is stored for a confirmed server", () => {
  const vscode = JSON.stringify({
    inputs: [
      { id: "api-key", type: "promptString", description: "API key", password: true },
      { id: "folder", type: "promptString", description: "Data folder" },
    ],
    servers: {
      local: {
        command: "node",
        args: ["server.js", "--data", "${input:folder}", "--key=${input:api-key}"],
        env: {
          PLAIN: "literal",
          KEPT: "kept-value",
          FROM_ENV: "${GITHUB_TOKEN}",
          SECRET: "${input:api-key}",
          SECRET_KEPT: "${input:api-key}",
          FOLDER: "${input:folder}",
        },
      },
      remote: {
        type: "http",
        url: "https://example.test/${input:folder}/mcp",
        headers: { Authorization: "Bearer ${input:api-key}", "X-Api-Key": "abc", "X-Trace": "on" },
      },
    },
  });
  const parsed = parseServerConfig(vscode).servers;
  const values = { "api-key": "pw-typed-by-user", folder: "/data" };

  it("env values become references unless kept; a password input's value is never written", () => {
    const local = parsed.find((s) => s.name === "local")!;
    const stored = toStoredLaunch(
      local.launch,
      local.inputs,
      values,
      new Set(["KEPT", "SECRET_KEPT", "FOLDER"]),
    );
    expect(stored.launch).toEqual({
      kind: "stdio",
      program: "node",
      args: ["server.js", "--data", "/data", "--key=${input:api-key}"],
      env: {
        PLAIN: "${PLAIN}",
        KEPT: "kept-value",
        FROM_ENV: "${GITHUB_TOKEN}",
        SECRET: "${SECRET}",
        SECRET_KEPT: "${SECRET_KEPT}",
        FOLDER: "/data",
      },
    });
    expect(stored.stored).toEqual(["FOLDER", "KEPT"]);
    expect(JSON.stringify(stored)).not.toContain("pw-typed-by-user");
  });

  it("secret-looking headers become references unless kept; other headers stay as written", () => {
    const remote = parsed.find((s) => s.name === "remote")!;
    const plain = toStoredLaunch(remote.launch, remote.inputs, values, new Set());
    expect(plain.launch).toMatchObject({
      url: "https://example.test//data/mcp",
      headers: { Authorization: "${AUTHORIZATION}", "X-Api-Key": "${X_API_KEY}", "X-Trace": "on" },
    });
    expect(plain.stored).toEqual([]);
    const kept = toStoredLaunch(
      remote.launch,
      remote.inputs,
      values,
      new Set(["X-Api-Key", "Authorization"]),
    );
    // Authorization uses the password input: asked to keep, it still is not stored.
    expect(kept.launch).toMatchObject({ headers: { Authorization: "${AUTHORIZATION}", "X-Api-Key": "abc" } });
    expect(kept.stored).toEqual(["X-Api-Key"]);
    expect(JSON.stringify(kept)).not.toContain("pw-typed-by-user");
  });
});
