import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ApiError, asErrorEnvelope, createApiClient, readJsonBody } from "./api-client";
import { errorEnvelopeSchema } from "./contract";

/** `.ci/run` replays one fixed sample (a landing never rides on a new random one); locally each run explores. */
const seed = process.env.CI_REPORT_DIR || process.env.CI ? { seed: 20_261_201 } : {};

/** The URL a mocked fetch was called with (the client always passes a string). */
const urlOf = (input: RequestInfo | URL | undefined) => new URL(input as string, "http://localhost");

function clientWith(response: Response | Error, token: string | null = "secret-token") {
  // A body can be read once: every call gets its own copy.
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response.clone()),
  );
  return { fetch, api: createApiClient({ getToken: () => token, fetch }) };
}

describe("createApiClient", () => {
  it("sends the token as a Bearer header and never in the URL", async () => {
    const { fetch, api } = clientWith(Response.json({ sessions: [] }));
    await api.readResource("abc123", "demo://a?b=c").catch(() => undefined);
    await api.listSessions();
    for (const [input, init] of fetch.mock.calls) {
      expect(urlOf(input).href).not.toContain("secret-token");
      expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer secret-token");
    }
  });

  it("encodes the resource uri as a query parameter", async () => {
    const { fetch, api } = clientWith(Response.json({ contents: [] }));
    await api.readResource("abc123", "demo://x/a b?q=1&r=2#f");
    const url = urlOf(fetch.mock.calls[0]?.[0]);
    expect(url.pathname).toBe("/api/sessions/abc123/read");
    expect(url.searchParams.get("uri")).toBe("demo://x/a b?q=1&r=2#f");
  });

  it("turns the error envelope into an ApiError with every field", async () => {
    const body = { error: { code: "bad_gateway", message: "exited", mcpCode: -32002, stderrTail: ["boom"] } };
    const { api } = clientWith(Response.json(body, { status: 502 }));
    const error = await api.createSession({ preset: "demo" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: "bad_gateway", message: "exited", mcpCode: -32002 });
    expect((error as ApiError).stderrTail).toEqual(["boom"]);
  });

  it("reports a non-envelope error body by its status", async () => {
    const { api } = clientWith(new Response("<html>", { status: 500, statusText: "Internal Server Error" }));
    await expect(api.listSessions()).rejects.toMatchObject({ status: 500, code: "http_error" });
  });

  it("fails with 401 before any request when there is no token", async () => {
    const { fetch, api } = clientWith(Response.json({}), null);
    await expect(api.listSessions()).rejects.toMatchObject({ status: 401, code: "unauthorized" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reports an unreachable backend as status 0", async () => {
    const { api } = clientWith(new TypeError("fetch failed"));
    await expect(api.listSessions()).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("posts every JSON body as application/json to its route", async () => {
    const { fetch, api } = clientWith(Response.json({}));
    await api.createSession({ preset: "demo" });
    await api.createFrame("abc123", { uri: "demo://p.html", kind: "html" });
    await api.watchResource("abc123", "demo://w");
    await api.complete("abc123", { uriTemplate: "demo://{x}", argument: { name: "x", value: "a" } });
    await api.callTool("abc123", "touch", { uri: "demo://w" });
    await api.draftCheck("abc123", "smoke");
    const sent = fetch.mock.calls.map(([input, init]) => ({
      path: urlOf(input).pathname,
      method: init?.method,
      type: new Headers(init?.headers).get("Content-Type"),
      body: JSON.parse(init?.body as string) as unknown,
    }));
    const post = (path: string, body: unknown) => ({ path, method: "POST", type: "application/json", body });
    expect(sent).toEqual([
      post("/api/sessions", { preset: "demo" }),
      post("/api/sessions/abc123/frames", { uri: "demo://p.html", kind: "html" }),
      post("/api/sessions/abc123/watches", { uri: "demo://w" }),
      post("/api/sessions/abc123/complete", {
        uriTemplate: "demo://{x}",
        argument: { name: "x", value: "a" },
      }),
      post("/api/sessions/abc123/tools", { name: "touch", arguments: { uri: "demo://w" } }),
      post("/api/sessions/abc123/recording/check", { name: "smoke" }),
    ]);
  });

  it("returns content bytes with their content type", async () => {
    const { fetch, api } = clientWith(
      new Response(new Uint8Array([1, 2, 3]), { headers: { "Content-Type": "image/png" } }),
    );
    const { blob, contentType } = await api.fetchContent("abc123", "demo://i.png", 2, { download: true });
    expect(contentType).toBe("image/png");
    expect(blob.size).toBe(3);
    const url = urlOf(fetch.mock.calls[0]?.[0]);
    expect(Object.fromEntries(url.searchParams)).toEqual({ uri: "demo://i.png", index: "2", download: "1" });
  });
});

describe("asErrorEnvelope (the page's check, without zod)", () => {
  it("accepts exactly what errorEnvelopeSchema accepts, with the same data", () => {
    const error = fc.record(
      {
        code: fc.oneof(fc.string(), fc.integer()),
        message: fc.oneof(fc.string(), fc.constant(null)),
        mcpCode: fc.oneof(
          fc.integer(),
          fc.string(),
          fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 1.5),
        ),
        stderrTail: fc.oneof(
          fc.array(fc.string(), { maxLength: 3 }),
          fc.array(fc.anything(), { maxLength: 2 }),
        ),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(fc.record({ error }), fc.anything(), fc.record({ error: fc.anything() }));
    fc.assert(
      fc.property(body, (value) => {
        const zod = errorEnvelopeSchema.safeParse(value);
        expect(asErrorEnvelope(value)).toEqual(zod.success ? zod.data : null);
      }),
      { numRuns: 3_000, ...seed },
    );
  });
});

describe("readJsonBody", () => {
  it("parses small and large bodies alike (a large one goes through a Blob), multi-byte text included", async () => {
    for (const text of ["ü€𝄞", `${"ü€𝄞 line\n".repeat(150_000)}end`]) {
      const bytes = Buffer.from(JSON.stringify({ contents: [{ text }] }));
      const response = new Response(bytes, {
        headers: { "Content-Type": "application/json", "Content-Length": String(bytes.length) },
      });
      expect(await readJsonBody(response)).toEqual({ contents: [{ text }] });
    }
  });

  it("a large body that is not JSON rejects, as response.json() would", async () => {
    const bytes = Buffer.from(`{"cut": "${"x".repeat(2 << 20)}`);
    const response = new Response(bytes, { headers: { "Content-Length": String(bytes.length) } });
    await expect(readJsonBody(response)).rejects.toThrow(SyntaxError);
  });
});
