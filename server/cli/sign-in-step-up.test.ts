/**
 * A 403 insufficient_scope step-up after the connect — during `lint`'s scan, a `check` step, or a
 * running `subscribe` — signs in again with the wider scope and goes on, as `resources read` does
 * (sign-in-flows.test.ts). The OAuth fixture's secret://admin needs the scope "admin", and so does
 * its secret://ticker once it has ticked.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliUser, printedUrls } from "@/server/testing/oauth-cli";
import { oauthCliFrame } from "@/server/testing/oauth-cli-frame";

const { dir, fixture } = oauthCliFrame("mcp-cli-step-up-", { STEP_UP_SCOPE: "admin" });

const scopesAsked = (stderr: string) => printedUrls(stderr).map((u) => u.searchParams.get("scope"));

describe("a step-up after the connect signs in again and goes on", () => {
  it("lint: the scan's read of secret://admin is retried after a second consent, and the scan reads on", async () => {
    const f = await fixture();
    const u = cliUser(dir);
    const r = await u.run(["lint", "--format", "json", f.mcpUrl]);
    expect(r.code, r.stderr).toBeLessThan(2);
    expect(scopesAsked(r.stderr)).toEqual(["mcp", "mcp admin"]);
    expect(u.browserCalls()).toHaveLength(2);
    const report = JSON.parse(r.stdout) as { problems: { code: string; message: string }[] };
    // Nothing of the scan was lost to the sign-in: no failed read, no stopped scan.
    expect(r.stderr).not.toContain("The scan failed");
    expect(JSON.stringify(report.problems)).not.toMatch(/waiting for sign-in|secret:\/\/admin/);
  });

  it("check: a read step refused for want of scope passes after a second consent", async () => {
    const f = await fixture();
    const u = cliUser(dir);
    const file = path.join(u.home, "admin.check.json");
    writeFileSync(
      file,
      JSON.stringify({
        version: 3,
        name: "the admin note",
        server: { url: f.mcpUrl },
        timeoutMs: 20_000,
        steps: [
          { id: "connect", action: "connect", matchers: {}, expect: {} },
          {
            id: "read",
            action: "read",
            matchers: {},
            uri: "secret://admin",
            expect: {
              contents: [{ uri: "secret://admin", mimeType: "text/plain", text: "only with admin" }],
            },
          },
        ],
      }),
    );
    const r = await u.run(["check", file, "--reporter", "json"]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(scopesAsked(r.stderr)).toEqual(["mcp", "mcp admin"]);
    expect(u.browserCalls()).toHaveLength(2);
  });

  it("subscribe: an update whose re-read needs more scope signs in again, and the updates go on", async () => {
    const f = await fixture({ TICKER_MS: "300" });
    const u = cliUser(dir);
    const r = await u.run(["subscribe", "secret://ticker", "--count", "2", "--timeout", "20000", f.mcpUrl]);
    expect(r.code, r.stderr).toBe(0);
    expect(scopesAsked(r.stderr)).toEqual(["mcp", "mcp admin"]);
    expect(u.browserCalls()).toHaveLength(2);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { uri: string; result: { contents: { text: string }[] } });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.uri).toBe("secret://ticker");
      expect(line.result.contents[0]?.text).toMatch(/^tick [1-9]\d*$/);
    }
  });
});
