import { describe, expect, it } from "vitest";
import { matchesHostFilter } from "./host-filter";

describe("matchesHostFilter", () => {
  const protocol = {};
  const gemini = { hosts: ["gemini-cli" as const] };
  const both = { hosts: ["gemini-cli" as const, "vscode" as const] };

  it("All keeps every problem; Protocol only keeps those that name no host", () => {
    expect([protocol, gemini, both].map((p) => matchesHostFilter(p, "all"))).toEqual([true, true, true]);
    expect([protocol, gemini, both].map((p) => matchesHostFilter(p, "protocol"))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("a host keeps the problems that name it", () => {
    expect([protocol, gemini, both].map((p) => matchesHostFilter(p, "vscode"))).toEqual([false, false, true]);
    expect([protocol, gemini, both].map((p) => matchesHostFilter(p, "gemini-cli"))).toEqual([
      false,
      true,
      true,
    ]);
  });
});
