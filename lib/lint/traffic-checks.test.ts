/**
 * The traffic rules on their own, without a linter: each is a function of the evidence the linter
 * hands it, so its verdict and its message can be stated here directly.
 */
import { describe, expect, it } from "vitest";
import {
  checkDuplicateUri,
  checkEmptyPage,
  checkErrorResponse,
  checkNotFoundProbe,
  checkNotification,
  checkRepeatingCursor,
  checkResponseWithoutRequest,
  checkSlowRequest,
  checkStrayLine,
  checkUndecodableRead,
} from "./traffic-checks";

const codes = (fs: { code: string }[]) => fs.map((f) => f.code);
const noRequest = () => undefined;

describe("stray stdout lines", () => {
  it("a line that is not JSON-RPC is stdout-not-jsonrpc, quoting its start", () => {
    expect(checkStrayLine("Server listening on stdio", noRequest)).toEqual([
      {
        code: "stdout-not-jsonrpc",
        subject: "stdout",
        message:
          "The server wrote a line to stdout that is not a JSON-RPC message: Server listening on stdio",
      },
    ]);
  });

  it("an error without a numeric code names the request its id answers", () => {
    const line = JSON.stringify({ jsonrpc: "2.0", id: 4, error: { code: "oops", message: "x" } });
    const [f] = checkStrayLine(line, (id) => (id === 4 ? "resources/read" : undefined));
    expect(f).toMatchObject({
      code: "error-without-code",
      subject: "resources/read",
      method: "resources/read",
    });
    expect(f?.message).toBe(
      "An error response to resources/read has code oops; JSON-RPC error codes are integers.",
    );
    expect(checkStrayLine(JSON.stringify({ jsonrpc: "2.0", id: 9, error: {} }), noRequest)).toEqual([
      {
        code: "error-without-code",
        subject: "response",
        message: "An error response has no code; JSON-RPC error codes are integers.",
      },
    ]);
  });
});

describe("responses", () => {
  it("a response to no request of ours names its id, clipped", () => {
    expect(checkResponseWithoutRequest(7)[0]).toMatchObject({
      code: "response-without-request",
      subject: "id 7",
    });
    expect(checkResponseWithoutRequest("x".repeat(10_000))[0]?.subject.length).toBeLessThanOrEqual(256 + 3);
  });

  it("a request over the threshold is slow, except initialize", () => {
    expect(checkSlowRequest("resources/read", 1_500, 1_000)).toEqual([
      {
        code: "slow-request",
        subject: "resources/read",
        message: "resources/read took 1.5 s (threshold 1.0 s).",
      },
    ]);
    expect(checkSlowRequest("resources/read", 1_000, 1_000)).toEqual([]);
    expect(checkSlowRequest("initialize", 60_000, 1_000)).toEqual([]);
  });

  it("an error without a numeric code, a declared method answering -32601, a not-found with another code", () => {
    const read = { method: "resources/read", params: { uri: "x://gone" } };
    expect(codes(checkErrorResponse(read, { message: "x" }, null))).toEqual(["error-without-code"]);
    expect(codes(checkErrorResponse(read, { code: -32601 }, { resources: {} }))).toEqual([
      "capability-method-not-found",
    ]);
    expect(codes(checkErrorResponse(read, { code: -32601 }, { tools: {} }))).toEqual([]);
    expect(checkErrorResponse(read, { code: -32603, message: "no such resource" }, null)).toEqual([
      {
        code: "not-found-code",
        subject: "resources/read",
        uri: "x://gone",
        message:
          'A read of an unknown resource was answered with code -32603 ("no such resource"); expected -32002 or -32602.',
      },
    ]);
    expect(checkErrorResponse(read, { code: -32002, message: "not found" }, null)).toEqual([]);
  });

  it("the scan's probe of a URI no server has must be answered -32002 or -32602", () => {
    expect(checkNotFoundProbe("x://none", -32602, "")).toEqual([]);
    expect(checkNotFoundProbe("x://none", undefined, "ok")[0]?.message).toBe(
      'Reading a URI the server does not have (x://none) was answered with no error ("ok"); expected -32002 or -32602.',
    );
  });

  it("a read with bytes that were not UTF-8 names the items holding a replacement character", () => {
    const contents = [
      { uri: "x://a", text: "fine" },
      { uri: "x://b", text: "caf\uFFFD" },
    ];
    expect(checkUndecodableRead("x://r", contents)).toEqual([
      {
        code: "text-not-utf8",
        subject: "x://b",
        uri: "x://b",
        message: "The read of x://r arrived with bytes that are not valid UTF-8 in the text of x://b.",
      },
    ]);
    expect(checkUndecodableRead("x://r", [{ text: "fine" }])[0]?.uri).toBe("x://r");
  });
});

describe("notifications", () => {
  const updated = "notifications/resources/updated";

  it("list_changed or updated without the capability declared", () => {
    const caps = { resources: {} };
    expect(
      codes(
        checkNotification(
          "notifications/resources/list_changed",
          {},
          { capabilities: caps, subscribed: false },
        ),
      ),
    ).toEqual(["notification-without-capability"]);
    expect(
      checkNotification(updated, { uri: "x://a" }, { capabilities: caps, subscribed: true }),
    ).toMatchObject([{ code: "notification-without-capability", uri: "x://a" }]);
  });

  it("updated for a URI nobody subscribed to; nothing is judged before initialize answered", () => {
    const caps = { resources: { subscribe: true } };
    expect(
      codes(checkNotification(updated, { uri: "x://a" }, { capabilities: caps, subscribed: false })),
    ).toEqual(["updated-not-subscribed"]);
    expect(checkNotification(updated, { uri: "x://a" }, { capabilities: caps, subscribed: true })).toEqual(
      [],
    );
    expect(
      checkNotification(
        "notifications/resources/list_changed",
        {},
        { capabilities: null, subscribed: false },
      ),
    ).toEqual([]);
  });
});

describe("list walks", () => {
  it("an empty page with a cursor, a URI listed again, a cursor handed out again", () => {
    expect(codes(checkEmptyPage("resources/list", 2, 0, "c"))).toEqual(["empty-page-with-cursor"]);
    expect(checkEmptyPage("resources/list", 2, 0, undefined)).toEqual([]);
    expect(checkEmptyPage("resources/list", 2, 1, "c")).toEqual([]);
    expect(checkDuplicateUri("resources/list", "x://a", 3, true)[0]?.message).toBe(
      "resources/list lists x://a more than once (again on page 3).",
    );
    expect(checkDuplicateUri("resources/list", "x://a", 3, false)).toEqual([]);
    expect(codes(checkRepeatingCursor("resources/list", 4, "c1", true))).toEqual(["repeating-cursor"]);
    expect(checkRepeatingCursor("resources/list", 4, "c1", false)).toEqual([]);
  });
});
