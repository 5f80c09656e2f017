/** A config's `oauth` object (Gemini CLI's block, Claude Code's entry field) → the launch's `auth`. */
import { describe, expect, it } from "vitest";
import { expandLaunch, parseServerConfig } from "./server-config";

describe("parseServerConfig: oauth", () => {
  it("reads Gemini CLI's oauth block: client, secret as ${VAR}, scopes joined; endpoints noted, not used", () => {
    const { servers, problems } = parseServerConfig(
      JSON.stringify({
        mcpServers: {
          webex: {
            httpUrl: "https://mcp.example.test/mcp",
            oauth: {
              enabled: true,
              clientId: "my-client",
              clientSecret: "${WEBEX_SECRET}",
              scopes: ["spark:mcp", "offline_access"],
              authorizationUrl: "https://elsewhere.test/authorize",
              tokenUrl: "https://elsewhere.test/token",
            },
          },
        },
      }),
    );
    expect(servers[0]?.launch).toMatchObject({
      kind: "http",
      auth: { clientId: "my-client", clientSecret: "${WEBEX_SECRET}", scope: "spark:mcp offline_access" },
    });
    expect(servers[0]?.usedVariables).toEqual(["WEBEX_SECRET"]);
    expect(problems.map((p) => p.path)).toEqual([
      "mcpServers.webex.oauth.authorizationUrl",
      "mcpServers.webex.oauth.tokenUrl",
    ]);
    const expanded = expandLaunch(servers[0]!.launch, (name) =>
      name === "WEBEX_SECRET" ? "s3cret" : undefined,
    );
    expect(expanded).toMatchObject({ auth: { clientSecret: "s3cret" } });
  });

  it("reads Claude Code's oauth object: clientId, callbackPort, a space-separated scopes string", () => {
    const { servers, problems } = parseServerConfig(
      JSON.stringify({
        mcpServers: {
          notes: {
            type: "http",
            url: "https://notes.example.test/mcp",
            oauth: { clientId: "cc-client", callbackPort: 8080, scopes: "read write" },
          },
        },
      }),
    );
    expect(problems).toEqual([]);
    expect(servers[0]?.launch).toMatchObject({
      auth: { clientId: "cc-client", callbackPort: 8080, scope: "read write" },
    });
  });

  it("an oauth block that is disabled, or malformed, gives no client settings", () => {
    const off = parseServerConfig(
      '{"mcpServers":{"a":{"url":"https://a.test/mcp","oauth":{"enabled":false,"clientId":"x"}}}}',
    );
    expect(off.servers[0]?.launch).not.toHaveProperty("auth");
    const bad = parseServerConfig(
      '{"mcpServers":{"a":{"url":"https://a.test/mcp","oauth":{"callbackPort":"80x"}}}}',
    );
    expect(bad.problems[0]?.path).toBe("mcpServers.a.oauth.callbackPort");
  });
});
