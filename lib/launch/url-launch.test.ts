import { describe, expect, it } from "vitest";
import { checkHeaders, looksLikeUrl, parseServerUrl, urlWarnings } from "./url-launch";

describe("looksLikeUrl", () => {
  it("takes a paste that starts with http(s):// or ws(s):// as a URL, and a command line not", () => {
    expect(looksLikeUrl("  HTTPS://example.test/mcp\n")).toBe(true);
    expect(looksLikeUrl("ws://127.0.0.1:3005/mcp")).toBe(true);
    expect(looksLikeUrl("WSS://example.test/mcp")).toBe(true);
    expect(looksLikeUrl("http://127.0.0.1:3001/sse")).toBe(true);
    expect(looksLikeUrl("npx -y mcp-remote https://example.test/mcp")).toBe(false);
    expect(looksLikeUrl("ftp://example.test/")).toBe(false);
  });
});

describe("parseServerUrl", () => {
  it("names the host and says whether it is this machine", () => {
    const cases: [string, string, boolean][] = [
      ["http://127.0.0.1:3001/mcp", "127.0.0.1:3001", true],
      ["http://127.8.9.10/mcp", "127.8.9.10", true],
      ["http://localhost:8080/mcp", "localhost:8080", true],
      ["http://api.localhost/mcp", "api.localhost", true],
      ["http://[::1]:9000/mcp", "[::1]:9000", true],
      ["https://mcp.example.test/mcp", "mcp.example.test", false],
      ["http://10.0.0.2:3001/mcp", "10.0.0.2:3001", false],
      ["http://127.0.0.1.example.test/", "127.0.0.1.example.test", false],
      ["ws://127.0.0.1:3005/mcp", "127.0.0.1:3005", true],
      ["wss://mcp.example.test/ws", "mcp.example.test", false],
    ];
    for (const [url, host, loopback] of cases) {
      expect(parseServerUrl(url), url).toEqual({ ok: true, target: { url, host, loopback } });
    }
  });

  it("shows the host as the URL parser reads it: invisible characters dropped, IDN as punycode", () => {
    const parsed = parseServerUrl("https://exa\u200bmple.test/mcp");
    expect(parsed.ok && parsed.target.host).toBe("example.test");
    const idn = parseServerUrl("https://exаmple.test/"); // Cyrillic а
    expect(idn.ok && idn.target.host).toMatch(/^xn--/);
  });

  it("refuses what the API refuses, with its reason", () => {
    expect(parseServerUrl("https://user:pw@example.test/")).toEqual({
      ok: false,
      message: "expected an http://, https://, ws:// or wss:// URL without user:password@",
    });
    expect(parseServerUrl("http://").ok).toBe(false);
  });
});

describe("checkHeaders", () => {
  it("keeps valid rows, skips empty ones and explains the others", () => {
    const { headers, errors } = checkHeaders([
      { id: 1, name: "Authorization", value: "Bearer x" },
      { id: 2, name: "", value: "" },
      { id: 3, name: "X:Bad", value: "1" },
      { id: 4, name: "X-Line", value: "a\r\nInjected: 1" },
      { id: 5, name: "authorization", value: "again" },
      { id: 6, name: "__proto__", value: "would be lost" },
    ]);
    expect(headers).toEqual({ Authorization: "Bearer x" });
    expect(Object.fromEntries(errors)).toEqual({
      3: "invalid header name",
      4: "header values cannot contain line breaks",
      5: "authorization is given twice",
      6: '"__proto__" cannot be used as a header name',
    });
  });

  it("refuses more than 64 headers, as the API does", () => {
    const rows = Array.from({ length: 65 }, (_, i) => ({ id: i + 1, name: `X-H${i}`, value: "v" }));
    expect(checkHeaders(rows).errors.get(65)).toBe("at most 64 headers");
  });
});

describe("urlWarnings", () => {
  const target = (url: string) => {
    const parsed = parseServerUrl(url);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.target;
  };
  it("warns that headers travel unencrypted over plain http or ws to another machine, not over https or wss", () => {
    const messages = (url: string) => urlWarnings(target(url), ["X-Api-Key"]).map((w) => w.message);
    expect(messages("ws://10.0.0.2:3005/mcp")).toContain(
      "Plain ws to another machine: the headers you add travel unencrypted.",
    );
    expect(messages("http://10.0.0.2:3005/mcp")).toContain(
      "Plain http to another machine: the headers you add travel unencrypted.",
    );
    for (const url of ["wss://10.0.0.2/mcp", "https://10.0.0.2/mcp", "ws://127.0.0.1:3005/mcp"])
      expect(messages(url).some((m) => m.includes("unencrypted"))).toBe(false);
  });
});
