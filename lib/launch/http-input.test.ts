import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headersSchema, httpUrlSchema } from "../api/contract";
import {
  headerProblem,
  httpUrlProblem,
  MAX_HEADERS,
  transportFor,
  transportOfConfigType,
  transportsForUrl,
  transportUrlProblem,
} from "./http-input";
import { checkHeaders } from "./url-launch";

/** `.ci/run` replays one fixed sample (a landing never rides on a new random one); locally each run explores. */
const seed = process.env.CI_REPORT_DIR || process.env.CI ? { seed: 20_261_201 } : {};

/** The page checks with lib/launch/http-input.ts, the API with zod schemas built from it: same answers. */
function zodUrlMessage(value: string): string | null {
  const r = httpUrlSchema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "?");
}

function zodHeaderMessage(name: string, value: string): string | null {
  const r = headersSchema.safeParse({ [name]: value });
  if (r.success) return null;
  const issue = r.error.issues[0];
  if (issue?.code === "invalid_key") return issue.issues[0]?.message ?? "?";
  return issue?.message ?? "?";
}

const urlish = fc.oneof(
  fc.string(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    "http://127.0.0.1:3000/mcp",
    "https://user:pw@example.com/",
    "ftp://example.com",
    "http://",
    "https://:pw@host/",
    `https://example.com/${"a".repeat(9_000)}`,
    "javascript:alert(1)",
  ),
);

describe("http-input rules agree with the API's schemas", () => {
  it("server URLs: the same verdict and message", () => {
    fc.assert(
      fc.property(urlish, (value) => {
        expect(httpUrlProblem(value)).toBe(zodUrlMessage(value));
      }),
      { numRuns: 2_000, ...seed },
    );
  });

  it("headers: the same verdict and message for a name and a value", () => {
    const name = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom("X-Api-Key", "Authorization", "a b", "é", "__proto__", "constructor"),
    );
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("ok", "line\nbreak", "nul\0", "x".repeat(16_385)),
    );
    fc.assert(
      fc.property(
        name.filter((n) => n !== ""),
        value,
        (n, v) => {
          expect(headerProblem(n, v)).toBe(zodHeaderMessage(n, v));
        },
      ),
      { numRuns: 2_000, ...seed },
    );
  });

  it("more headers than the API takes are refused on the last row, as the API would", () => {
    const rows = Array.from({ length: MAX_HEADERS + 1 }, (_, i) => ({ id: i, name: `X-H${i}`, value: "v" }));
    const checked = checkHeaders(rows);
    expect(checked.errors.get(MAX_HEADERS)).toBe(
      headersSchema.safeParse(checked.headers).error?.issues[0]?.message,
    );
    expect(checkHeaders(rows.slice(0, MAX_HEADERS)).errors.size).toBe(0);
  });
});

describe("which transport speaks which URL (the WebSocket row)", () => {
  it("auto means WebSocket for ws:// and wss://; the review offers only what the scheme speaks", () => {
    expect(transportFor("ws://127.0.0.1:1/mcp", "auto")).toBe("websocket");
    expect(transportFor("WSS://example.test/mcp", "auto")).toBe("websocket");
    expect(transportFor("http://127.0.0.1:1/mcp", "auto")).toBe("auto");
    expect(transportsForUrl("wss://example.test/mcp")).toEqual(["auto", "websocket"]);
    expect(transportsForUrl("https://example.test/mcp")).toEqual(["auto", "streamable-http", "sse"]);
    expect(transportOfConfigType("ws")).toBe("websocket");
    expect(transportOfConfigType("websocket")).toBe("websocket");
  });

  it("an http URL with WebSocket, or a ws URL with an HTTP transport, is refused with what to do", () => {
    expect(transportUrlProblem("ws://h/mcp", "auto")).toBeNull();
    expect(transportUrlProblem("ws://h/mcp", "websocket")).toBeNull();
    expect(transportUrlProblem("https://h/mcp", "sse")).toBeNull();
    expect(transportUrlProblem("https://h/mcp", "websocket")).toBe(
      "The WebSocket transport needs a ws:// or wss:// URL, not https://: write the URL as ws://… (or wss://…), or choose another transport.",
    );
    expect(transportUrlProblem("wss://h/mcp", "streamable-http")).toBe(
      "A wss:// URL is a WebSocket server: choose the WebSocket transport (or Auto), not Streamable HTTP.",
    );
    expect(httpUrlProblem("ws://h/mcp")).toBeNull();
    expect(httpUrlProblem("ws://user:pw@h/mcp")).not.toBeNull();
  });
});
