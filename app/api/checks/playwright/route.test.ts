/**
 * POST /api/checks/playwright: the check path is a name inside the checks root (a line break, ..
 * or an absolute path is a 400), the spec names it relative to the app's folder, and the file name
 * offered for download is a safe name.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PlaywrightSpecResponse } from "@/lib/check/results";
import { callJson } from "@/server/testing/route-client";

process.env.MCP_INSPECTOR_CHECKS_DIR = "checks-for-export";
const route = await import("@/app/api/checks/playwright/route");

const check = {
  version: 1,
  name: 'evil"); process.exit(1); //\n',
  server: { preset: "demo" },
  steps: [{ id: "connect", action: "connect", expect: {} }],
};

const exportSpec = (checkPath: string) =>
  callJson<PlaywrightSpecResponse & { error?: { code: string; message: string } }>(route.POST, {
    method: "POST",
    body: { check, checkPath },
  });

describe("POST /api/checks/playwright", () => {
  it("names the check relative to the app's folder, and offers a safe file name", async () => {
    const r = await exportSpec("team/Smoke test.check.json");
    expect(r.status).toBe(200);
    expect(r.body.filename).toBe("Smoke-test.mcp-check.spec.ts");
    const expected = path.relative(
      process.cwd(),
      path.join(process.cwd(), "checks-for-export/team/Smoke test.check.json"),
    );
    expect(r.body.source).toContain(`runCheckFile(${JSON.stringify(expected)})`);
    expect(r.body.source).toContain(`test(${JSON.stringify(`MCP check: ${check.name}`)}`);
  });

  it("refuses a check path with a line break, .., an absolute path or a dot-name (400)", async () => {
    for (const checkPath of [
      'x.check.json\nrequire("child_process").execSync("id");//',
      "x\u2028y.check.json",
      "../../x.check.json",
      "/etc/x.check.json",
      ".x.check.json",
      ".",
    ]) {
      const r = await exportSpec(checkPath);
      expect(r.status, JSON.stringify(checkPath)).toBe(400);
      expect(r.body.error?.code).toBe("bad_request");
    }
  });
});
