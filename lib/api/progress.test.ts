import { describe, expect, it } from "vitest";
import {
  formatBytesOf,
  formatElapsed,
  newRequestId,
  progressFraction,
  readWithProgress,
  REQUEST_ID_PATTERN,
} from "./progress";

describe("progress helpers", () => {
  it("a fraction only when the server gave a positive total", () => {
    expect(progressFraction({ progress: 2, total: 5 })).toBe(0.4);
    expect(progressFraction({ progress: 7, total: 5 })).toBe(1);
    expect(progressFraction({ progress: 2 })).toBeUndefined();
    expect(progressFraction({ progress: 2, total: 0 })).toBeUndefined();
    expect(progressFraction(undefined)).toBeUndefined();
  });

  it("formats elapsed time and bytes of a total", () => {
    expect(formatElapsed(3_249)).toBe("3.2 s");
    expect(formatElapsed(65_000)).toBe("1 min 05 s");
    expect(formatBytesOf(1_572_864, 10 * 1024 * 1024)).toBe("1.5 MiB of 10 MiB");
    expect(formatBytesOf(512, undefined)).toBe("512 B");
  });

  it("request ids are fresh and pass the API's schema", () => {
    const a = newRequestId();
    expect(a).not.toBe(newRequestId());
    expect(REQUEST_ID_PATTERN.test(a)).toBe(true);
    expect(REQUEST_ID_PATTERN.test("../x")).toBe(false);
  });

  it("reads a body chunk by chunk, telling bytes of the declared length, and keeps every byte", async () => {
    const chunks = [new Uint8Array(300).fill(1), new Uint8Array(200).fill(2), new Uint8Array(500).fill(3)];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    });
    const told: [number, number | undefined][] = [];
    const blob = await readWithProgress(
      new Response(body, { headers: { "Content-Type": "image/png", "Content-Length": "1000" } }),
      (received, total) => told.push([received, total]),
      0,
    );
    expect(told).toEqual([
      [300, 1000],
      [500, 1000],
      [1000, 1000],
      [1000, 1000],
    ]);
    expect(blob.size).toBe(1000);
    expect(blob.type).toBe("image/png");
    expect(new Uint8Array(await blob.arrayBuffer())[999]).toBe(3);
  });
});
