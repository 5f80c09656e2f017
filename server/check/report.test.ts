import { describe, expect, it } from "vitest";
import type { CheckResult } from "@/lib/check/results";
import { pretty } from "./report";

describe("pretty report", () => {
  it("labels the inspector's own notes as the inspector's, apart from the server's stderr, and shows a step's note", () => {
    const result: CheckResult = {
      name: "timer",
      status: "failed",
      durationMs: 5,
      steps: [
        {
          id: "05-expectListChanged",
          action: "expectListChanged",
          status: "passed",
          durationMs: 1,
          mismatches: [],
          note: "already true when the step started",
        },
        { id: "06-read", action: "read", status: "error", durationMs: 1, mismatches: [], error: "boom" },
      ],
      stderrTail: ["timer-server 42 ticking"],
      inspectorNotes: ["re-read of fixture://ticker failed: boom"],
    };
    const text = pretty([result]);
    expect(text).toContain("        already true when the step started");
    expect(text).toMatch(/server stderr \(last lines\):\n {6}timer-server 42 ticking\n/);
    expect(text).toMatch(/inspector notes:\n {6}re-read of fixture:\/\/ticker failed: boom/);
    expect(text.slice(text.indexOf("server stderr"), text.indexOf("inspector notes"))).not.toContain(
      "re-read",
    );
  });
});
