import { describe, expect, it } from "vitest";
import { formatClock, formatClockMs } from "./format-time";

describe("formatClockMs", () => {
  it("writes local hh:mm:ss.mmm with zero padding", () => {
    const at = new Date(2026, 0, 2, 3, 4, 5, 7).getTime();
    expect(formatClockMs(at)).toBe("03:04:05.007");
    expect(formatClock(at)).toBe("03:04:05");
  });

  it("uses the 24-hour clock", () => {
    expect(formatClockMs(new Date(2026, 0, 2, 23, 59, 59, 999).getTime())).toBe("23:59:59.999");
  });
});
