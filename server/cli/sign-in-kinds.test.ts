/**
 * Issue 34: the CLI asks the session kind's row whether a launch may sign in (lib/launch/
 * session-kinds.ts maySignIn), as the session does: a ws:// server gets no OAuth listener (it
 * used to get one), a URL with the user's own Authorization header neither; a plain https:// URL does.
 */
import { describe, expect, it } from "vitest";
import { CliSignIn } from "./sign-in";

const options = { open: false, log: () => {} };
const http = (url: string, headers: Record<string, string> = {}) => ({
  kind: "http" as const,
  url,
  transport: "auto" as const,
  headers,
});

describe("the CLI's sign-in listener", () => {
  it("opens for a remote HTTP server only: not ws://, not with the user's Authorization header", async () => {
    const ws = await CliSignIn.forLaunch(http("ws://127.0.0.1:9/mcp"), options);
    expect(ws.route).toBeUndefined();
    const own = await CliSignIn.forLaunch(
      http("http://127.0.0.1:9/mcp", { Authorization: "Bearer x" }),
      options,
    );
    expect(own.route).toBeUndefined();
    const remote = await CliSignIn.forLaunch(http("http://127.0.0.1:9/mcp"), options);
    try {
      expect(remote.route).toBeDefined();
    } finally {
      await Promise.all([ws.close(), own.close(), remote.close()]);
    }
  });
});
