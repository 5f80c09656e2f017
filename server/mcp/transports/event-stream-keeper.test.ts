import { describe, expect, it } from "vitest";
import { EventIdScanner } from "./event-stream-keeper";
import { withServerHeaders } from "./http";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("EventIdScanner", () => {
  it("finds every id: field, across chunk cuts, CRLF and a dropped leading space", () => {
    const stream = "id: e1\ndata: {}\n\nid:e2\r\ndata: x\r\n\r\n: comment\nid\n\nid: e4\n";
    for (let cut = 0; cut <= stream.length; cut++) {
      const ids: string[] = [];
      const scanner = new EventIdScanner((id) => ids.push(id));
      scanner.push(bytes(stream.slice(0, cut)));
      scanner.push(bytes(stream.slice(cut)));
      expect(ids, `cut at ${cut}`).toEqual(["e1", "e2", "", "e4"]);
    }
  });

  it("keeps no id longer than 1,024 characters, nor one with NUL, and is not slowed by a 10 MB data line", () => {
    const ids: string[] = [];
    const scanner = new EventIdScanner((id) => ids.push(id));
    scanner.push(bytes(`id: ${"x".repeat(2_000)}\nid: a\u0000b\n`));
    const big = bytes(`data: ${"y".repeat(10 * 1024 * 1024)}`);
    const t0 = performance.now();
    for (let i = 0; i < big.length; i += 65_536) scanner.push(big.subarray(i, i + 65_536));
    scanner.push(bytes("\n\nid: last\n"));
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(ids).toEqual(["last"]);
  });
});

describe("withServerHeaders", () => {
  const headers = { "X-Api-Key": "k", Accept: "text/plain" };

  it("adds the user's headers on the server's own origin only, never over a header the transport set", () => {
    const mine = withServerHeaders(
      "http://127.0.0.1:1/mcp",
      { headers: { Accept: "application/json" } },
      "http://127.0.0.1:1",
      headers,
    );
    const sent = new Headers(mine?.headers);
    expect(sent.get("x-api-key")).toBe("k");
    expect(sent.get("accept")).toBe("application/json");
    const elsewhere = { headers: { Accept: "application/json" } };
    expect(withServerHeaders("http://localhost:1/token", elsewhere, "http://127.0.0.1:1", headers)).toBe(
      elsewhere,
    );
    expect(
      withServerHeaders("http://127.0.0.1:2/mcp", undefined, "http://127.0.0.1:1", headers),
    ).toBeUndefined();
  });
});
