import { describe, expect, it } from "vitest";
import { HttpError } from "./errors";
import { isJsonContentType, readJson } from "./route";

const post = (body: BodyInit, type: string | null, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/api/x", {
    method: "POST",
    body,
    headers: { ...(type === null ? {} : { "Content-Type": type }), ...headers },
    duplex: "half",
  } as RequestInit);

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    return err instanceof HttpError ? err.status : -1;
  }
}

describe("readJson", () => {
  it("takes exactly application/json, parsed rather than matched as a substring", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=UTF-8")).toBe(true);
    expect(isJsonContentType("text/plain; x=application/json")).toBe(false);
    expect(isJsonContentType("application/jsonx")).toBe(false);
    expect(isJsonContentType("application/json; charset=latin1")).toBe(false);
    expect(isJsonContentType("application/json;;")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  it("parses a body, and answers 415, 400 or 413 for the wrong type, bad JSON or bad UTF-8, or too many bytes", async () => {
    await expect(readJson(post('{"a":1}', "application/json"))).resolves.toEqual({ a: 1 });
    expect(await status(readJson(post("{}", "text/plain; x=application/json")))).toBe(415);
    expect(await status(readJson(post("{", "application/json")))).toBe(400);
    expect(await status(readJson(post(new Uint8Array([0x22, 0xff, 0x22]), "application/json")))).toBe(400);
    // Streamed without a length: refused once the bytes read pass the limit.
    const chunks = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    expect(await status(readJson(post(chunks, "application/json"), 256 * 1024))).toBe(413);
    expect(await status(readJson(post("[]", "application/json", { "Content-Length": "99999999" })))).toBe(
      413,
    );
  });
});
