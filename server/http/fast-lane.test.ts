import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerFastRoute, serveFastLane } from "./fast-lane";
import { json, utf8Bytes } from "./route";

/** A real server: the fast lane first, then a stand-in for Next that says it was asked. */
let base = "";
const server = http.createServer((req, res) => {
  if (serveFastLane(req, res)) return;
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("next");
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("serveFastLane", () => {
  it("leaves reads to Next until the route registers, then answers them with the route's handler", async () => {
    const read = `${base}/api/sessions/abc_DEF-123/read?uri=demo%3A%2F%2Fx`;
    // Registration is global; this file's workers start without one.
    expect(await (await fetch(read)).text()).toBe("next");
    const seen: { url: string; id: string; auth: string | null }[] = [];
    registerFastRoute("read", async (req, ctx) => {
      seen.push({ url: req.url, id: (await ctx.params).id, auth: req.headers.get("authorization") });
      return Response.json({ ok: "ü" }, { status: 207, headers: { "Cache-Control": "no-store" } });
    });
    const res = await fetch(read, { headers: { Authorization: "Bearer t" } });
    expect(res.status).toBe(207);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength('{"ok":"ü"}')));
    expect(await res.json()).toEqual({ ok: "ü" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toMatch(/\/api\/sessions\/abc_DEF-123\/read\?uri=demo%3A%2F%2Fx$/);
    expect(seen[0]).toMatchObject({ id: "abc_DEF-123", auth: "Bearer t" });
  });

  it("passes every other request to Next: other methods, routes, ids and trailing segments", async () => {
    const others: [string, string][] = [
      ["POST", "/api/sessions/abc/read?uri=x"],
      ["GET", "/api/sessions/abc/read/?uri=x"],
      ["GET", "/api/sessions/abc/reader?uri=x"],
      ["GET", "/api/sessions/a%2Fb/read?uri=x"],
      ["GET", "/api/sessions/abc/content?uri=x"],
      ["GET", "/x/api/sessions/abc/read?uri=x"],
    ];
    for (const [method, path] of others)
      expect(await (await fetch(`${base}${path}`, { method })).text(), `${method} ${path}`).toBe("next");
  });

  it("writes a json() answer's own bytes: a large read, multi-byte text, the route's status and headers", async () => {
    const text = `${"ü€𝄞 ".repeat(200_000)}end`;
    registerFastRoute("read", () => Promise.resolve(json({ contents: [{ uri: "x", text }] }, 203)));
    const res = await fetch(`${base}/api/sessions/abc/read?uri=x`);
    expect(res.status).toBe(203);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const expected = JSON.stringify({ contents: [{ uri: "x", text }] });
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(expected)));
    expect(await res.text()).toBe(expected);
  });

  it("utf8Bytes: the same bytes as a UTF-8 encoder, ASCII or not (lone surrogates included)", () => {
    for (const text of ["", "plain ascii {}", "é", "ü€𝄞", "a\ud800b", "\udfff", "x".repeat(100_000) + "é"])
      expect(utf8Bytes(text).equals(Buffer.from(new TextEncoder().encode(text)))).toBe(true);
  });

  it("a handler that throws is a 500 envelope, not a hung request", async () => {
    registerFastRoute("read", () => Promise.reject(new Error("boom")));
    const res = await fetch(`${base}/api/sessions/abc/read?uri=x`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("internal");
    expect(body.error.message).toMatch(/read failed/);
  });
});
