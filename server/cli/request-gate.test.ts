import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestGate, decodedPath } from "./request-gate";

describe("decodedPath", () => {
  it("decodes each segment and refuses what does not decode or holds control characters", () => {
    expect(decodedPath("/api/sessions/a%20b?x=%ff")).toBe("/api/sessions/a b");
    expect(decodedPath("/api/sessions/%ff")).toBeNull();
    expect(decodedPath("/api/%00")).toBeNull();
    expect(decodedPath("/a%0d%0aSet-Cookie:x")).toBeNull();
    expect(decodedPath("http://evil/")).toBeNull();
    expect(decodedPath(undefined)).toBeNull();
    // Dot segments, raw or encoded, and a scheme-relative start: browsers never send them.
    expect(decodedPath("/x/../api/sessions")).toBeNull();
    expect(decodedPath("/api/sessions/./complete")).toBeNull();
    expect(decodedPath("/api/sessions/%2e%2E/x")).toBeNull();
    expect(decodedPath("//evil.example/")).toBeNull();
    expect(decodedPath("/a%5Cb")).toBeNull();
    expect(decodedPath("/api/sessions/a.b")).toBe("/api/sessions/a.b");
  });
});

// The gate in front of a real HTTP server whose handler echoes what it would have served: what a
// browser or curl meets, without building the app.
describe("request gate over real HTTP", () => {
  const token = "gate-test-token";
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    const gate = createRequestGate({ token, port: () => String(port), allowRemote: false });
    server = http.createServer((req, res) => {
      if (!gate(req, res)) return;
      if (req.url === "/api/own-csp") res.setHeader("Content-Security-Policy", "sandbox");
      if (req.url === "/api/length") res.setHeader("x-body-length", "5");
      res.setHeader("Content-Type", "text/plain");
      res.end(req.url === "/api/length" ? "hello" : String(req.headers["content-security-policy"] ?? ""));
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    });
  const auth = { Authorization: `Bearer ${token}` };

  it("checks the token before the path: an undecodable API path without it is a 401", async () => {
    expect((await get("/api/sessions/%ff")).status).toBe(401);
    const bad = await get("/api/sessions/%ff", auth);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: "bad_request" } });
    expect((await get("/api/health")).status).toBe(200);
    // However the path spells /api, the token comes first.
    expect((await get("/api%2Fsessions")).status).toBe(401);
    expect((await get("/x/../api/sessions")).status).toBe(400);
  });

  it("refuses a declared body over 1 MB before reading it", async () => {
    const res = await get("/api/x", { ...auth, "Content-Length": String(2 * 1024 * 1024) }, "POST");
    expect(res.status).toBe(413);
  });

  it("gives pages a fresh nonce CSP that the renderer reads from the request", async () => {
    const a = await get("/");
    const b = await get("/");
    const nonce = /'nonce-([^']+)'/.exec(a.headers["content-security-policy"] as string)?.[1];
    expect(nonce).toBeTruthy();
    expect(a.body).toBe(a.headers["content-security-policy"]);
    expect(b.headers["content-security-policy"]).not.toContain(nonce!);
  });

  it("lets browsers keep the favicon its hashed link names, so an address change does not fetch it again", async () => {
    expect((await get("/icon.svg?icon.0llsclq1j1uqa.svg")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    // Unhashed, it may change under the same name: the framework's own caching applies.
    expect((await get("/icon.svg")).headers["cache-control"]).toBeUndefined();
    expect((await get("/?icon.svg")).headers["cache-control"]).toBeUndefined();
  });

  it("a handler's own CSP wins over the default, and x-body-length becomes Content-Length", async () => {
    expect((await get("/api/own-csp", auth)).headers["content-security-policy"]).toBe("sandbox");
    expect((await get("/api/other", auth)).headers["content-security-policy"]).toMatch(/sandbox$/);
    const sized = await get("/api/length", auth);
    expect(sized.headers["content-length"]).toBe("5");
    expect(sized.headers["x-body-length"]).toBeUndefined();
  });
});
