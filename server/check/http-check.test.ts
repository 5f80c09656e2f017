/**
 * Issue #11: a check recorded against a server behind a URL replays green from the real CLI (a
 * separate process), with its secret header stored as a `${VAR}` reference and given back by the
 * environment; and a version 1 file (a stdio server) still runs.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFileSchema } from "@/lib/check/schema";
import { runCheckCli } from "@/server/testing/check-cli";
import { startEverythingHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { saveCheckFile } from "./files";
import { startRecording, stopRecording } from "./recorder";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const SECRET = "Bearer secret-xyz";
const dir = mkdtempSync(path.join(tmpdir(), "mcp-http-check-"));
let server: HttpServerHandle;

beforeAll(async () => {
  server = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const pid = server.pid;
  await server.stop();
  await expectNoLeftoverProcesses(new Set([pid]));
});

describe("a check against an HTTP server", () => {
  it("records list + read + template read with an Authorization header, saves version 3 with ${AUTHORIZATION}, and the CLI replays it green", async () => {
    const session = new McpSession(
      "rec",
      { kind: "http", url: server.url, transport: "auto", headers: { Authorization: SECRET } },
      readConfig(),
      () => undefined,
    );
    try {
      await session.connect();
      const recorder = startRecording(session);
      const listed = await session.listResources();
      await session.listTemplates();
      const doc = listed.items.find((r) => r.uri.endsWith("features.md"))!;
      await session.read(doc.uri);
      await session.read("demo://resource/dynamic/text/1");
      await recorder.settled();
      const check = recorder.toCheck("server-everything over Streamable HTTP");
      stopRecording(session);
      expect(check.steps.map((s) => s.action)).toEqual([
        "connect",
        "listResources",
        "listTemplates",
        "read",
        "readTemplate",
      ]);
      const file = path.join(dir, "http.check.json");
      await saveCheckFile(file, check, { overwrite: false });

      const saved = readFileSync(file, "utf8");
      expect(saved).not.toContain("secret-xyz");
      const parsed = checkFileSchema.parse(JSON.parse(saved));
      expect(parsed.version).toBe(3);
      expect(parsed.server).toEqual({
        url: server.url,
        transport: "auto",
        headers: { Authorization: "${AUTHORIZATION}" },
        era: "legacy",
      });

      const green = await runCheckCli([file], { cwd: dir, env: { AUTHORIZATION: SECRET } });
      expect(green.code, green.stdout + green.stderr).toBe(0);
      expect(green.stdout).toMatch(/PASS 1\/1 checks passed, 5\/5 steps/);
      expect(green.stdout + green.stderr).not.toContain("secret-xyz");

      // Without the variable the check cannot run, and says which variable it needs.
      expect(process.env.AUTHORIZATION).toBeUndefined();
      const missing = await runCheckCli([file], { cwd: dir });
      expect(missing.code).not.toBe(0);
      expect(missing.stdout + missing.stderr).toMatch(/AUTHORIZATION/);
    } finally {
      await session.close();
    }
  });

  it("a version 1 check file (a stdio server) still runs green", async () => {
    const file = path.join(process.cwd(), "e2e/fixtures/checks/everything-stdio.v1.check.json");
    expect((JSON.parse(readFileSync(file, "utf8")) as { version: number }).version).toBe(1);
    const r = await runCheckCli([file], { cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/PASS 1\/1 checks passed, 2\/2 steps/);
  });
});
