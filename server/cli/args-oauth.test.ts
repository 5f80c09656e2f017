/** The OAuth options of the command line, and how they reach a session's body (`auth`). */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startUsageError as fails } from "@/server/testing/start-args";
import { parseStartArgs } from "./args";
import { startupServers } from "./startup-servers";

const URL_ = "https://mcp.example.test/mcp";

describe("OAuth options", () => {
  it("--client-id, --client-secret, --client-metadata-url, --scope go into the URL's body as auth", () => {
    const o = parseStartArgs([
      URL_,
      "--client-id",
      "cli-client",
      "--client-secret",
      "s3cret",
      "--client-metadata-url",
      "https://me.example.test/client.json",
      "--scope",
      "read write",
    ]);
    const [s] = startupServers(o, "/", () => undefined);
    expect(s?.body).toMatchObject({
      url: URL_,
      auth: {
        clientId: "cli-client",
        clientSecret: "s3cret",
        clientMetadataUrl: "https://me.example.test/client.json",
        scope: "read write",
      },
    });
    // The label the launcher prints never carries the secret.
    expect(s?.label).not.toContain("s3cret");
  });

  it("client options need a URL; a secret needs an id; a metadata URL must be https with a path", () => {
    expect(fails(["--client-id", "x", "--", "node", "srv.js"])).toMatch(/apply to a server URL/);
    expect(fails([URL_, "--client-secret", "s"])).toBe("--client-secret needs --client-id");
    expect(fails([URL_, "--client-metadata-url", "http://me.test/c.json"])).toMatch(/https URL with a path/);
    expect(fails([URL_, "--client-id", " "])).toBe("--client-id needs a value on one line");
    expect(fails([URL_, "--remember", "--no-remember"])).toMatch(/contradict/);
    expect(fails([URL_, "--callback-port", "70000"])).toMatch(/--callback-port must be 0\.\.65535/);
  });

  it("--no-remember and --callback-port apply to any server; a config's remote servers get remember too", () => {
    expect(parseStartArgs([URL_, "--no-remember", "--callback-port", "0"])).toMatchObject({
      auth: { remember: false },
      callbackPort: 0,
    });
    const dir = mkdtempSync(path.join(tmpdir(), "mcp-args-oauth-"));
    try {
      const file = path.join(dir, ".mcp.json");
      writeFileSync(
        file,
        JSON.stringify({
          mcpServers: {
            remote: { type: "http", url: URL_, oauth: { clientId: "cc", scopes: "a b" } },
            local: { command: "node", args: ["srv.js"] },
          },
        }),
      );
      const servers = startupServers(
        parseStartArgs(["--config", file, "--no-remember"]),
        dir,
        () => undefined,
      );
      expect(servers[0]?.body).toMatchObject({ auth: { clientId: "cc", scope: "a b", remember: false } });
      expect(servers[1]?.body).not.toHaveProperty("auth");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
