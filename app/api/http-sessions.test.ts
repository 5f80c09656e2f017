/**
 * A server behind a URL through the real route handlers (issue #11): POST /api/sessions {url}
 * against server-everything over real Streamable HTTP, and what the API shows of it — the URL,
 * the transport used and header NAMES, never a header value, in any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startEverythingHttp, type HttpServerHandle } from "@/server/testing/http-servers";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const resourcesRoute = await import("./sessions/[id]/resources/route");
const readRoute = await import("./sessions/[id]/read/route");
const stderrRoute = await import("./sessions/[id]/stderr/route");
const trafficRoute = await import("./sessions/[id]/traffic/route");

const SECRET = "secret-xyz";
let server: HttpServerHandle;

beforeAll(async () => {
  server = await startEverythingHttp("streamableHttp");
});

afterAll(async () => {
  const { body } = await callJson<{ sessions: { id: string }[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await call(sessionRoute.DELETE, { method: "DELETE", params: { id: s.id } });
  const pid = server.pid;
  await server.stop();
  await expectNoLeftoverProcesses(new Set([pid]));
});

interface Summary {
  id: string;
  status: string;
  launch: { kind: string; url?: string; transport?: string; headerNames?: string[] };
  transport: { kind: string; url?: string; used?: string | null; sessionId?: string | null };
  pid: number | null;
}
interface ErrorBody {
  error: { code: string; message: string };
}

const post = (body: unknown) => callJson<Summary & ErrorBody>(sessionsRoute.POST, { method: "POST", body });
type IdRoute = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const text = async (handler: IdRoute, id: string, query = "") =>
  (await call(handler, { params: { id }, path: `/x${query}` })).text();

describe("POST /api/sessions {url}", () => {
  it("connects over Streamable HTTP: 201 with the launch's URL and header names, the transport used, and no header value anywhere", async () => {
    const res = await post({
      url: server.url,
      headers: { Authorization: `Bearer ${SECRET}`, "X-Trace": "visible-name-only" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const s = res.body;
    expect(s.status).toBe("connected");
    expect(s.launch).toEqual({
      kind: "http",
      url: server.url,
      transport: "auto",
      headerNames: ["Authorization", "X-Trace"],
    });
    expect(s.transport).toMatchObject({
      kind: "http",
      url: server.url,
      used: "streamable-http",
    });
    expect(s.transport.sessionId).toMatch(/\S/);
    expect(s.pid).toBeNull();

    // Use it, so the logs have something in them, then look at every answer about it.
    const list = await callJson<{ resources: unknown[] }, { id: string }>(resourcesRoute.GET, {
      params: { id: s.id },
      path: "/x",
    });
    expect(list.body.resources).toHaveLength(7);
    const answers = [
      JSON.stringify(s),
      await (await call(sessionsRoute.GET)).text(),
      await text(sessionRoute.GET, s.id),
      await text(readRoute.GET, s.id, `?uri=${encodeURIComponent("demo://resource/dynamic/text/1")}`),
      await text(stderrRoute.GET, s.id),
      await text(trafficRoute.GET, s.id),
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toContain("visible-name-only");
    }
  });

  it.each([
    ["an ftp: URL", { url: "ftp://127.0.0.1/mcp" }],
    ["credentials in the URL", { url: "http://user:pass@127.0.0.1:1/mcp" }],
    ["a header name with a space", { url: "http://127.0.0.1:1/mcp", headers: { "X Bad": "v" } }],
    ["a header value with CR LF", { url: "http://127.0.0.1:1/mcp", headers: { "X-Ok": "a\r\nInjected: 1" } }],
    ["an unknown transport", { url: "http://127.0.0.1:1/mcp", transport: "websocket" }],
  ])("%s is a 400", async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(JSON.stringify(res.body)).not.toContain("pass@");
  });

  it("a server that went away under a live session: a read is a 502 that says the connection is refused", async () => {
    const own = await startEverythingHttp("streamableHttp");
    const s = await post({ url: own.url });
    expect(s.status).toBe(201);
    await own.stop();
    const res = await callJson<ErrorBody, { id: string }>(readRoute.GET, {
      params: { id: s.body.id },
      path: `/x?uri=${encodeURIComponent("demo://resource/dynamic/text/1")}`,
    });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe(
      `Connection refused by 127.0.0.1:${own.port}: is the server running on that port?`,
    );
  });

  it("a refused connection is a 502 that says so", async () => {
    const port = await freePort();
    const res = await post({ url: `http://127.0.0.1:${port}/mcp` });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe(
      `Connection refused by 127.0.0.1:${port}: is the server running on that port?`,
    );
  });
});
