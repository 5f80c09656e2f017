import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { CheckRepeat } from "@/lib/check/results";
import { VerifyResults } from "./verify-results";

const VERIFY: CheckRepeat = {
  name: "flaky status",
  runs: 3,
  passed: 2,
  verdict: "flaky",
  errors: [],
  steps: [
    { id: "01-connect", action: "connect", passed: 3, runs: 3, verdict: "stable", outcomes: [] },
    {
      id: "02-read",
      action: "read",
      passed: 2,
      runs: 3,
      verdict: "flaky",
      outcomes: [
        { runs: [1, 3], status: "passed", detail: "", paths: [] },
        {
          runs: [2],
          status: "failed",
          detail: '/contents/0/text: expected "ok", got "degraded"',
          paths: ["/contents/0/text"],
        },
      ],
    },
  ],
};

describe("VerifyResults", () => {
  it("names each flaky step with what every run saw, and loosens its field in one click", async () => {
    const onLoosen = vi.fn();
    render(<VerifyResults verify={VERIFY} onLoosen={onLoosen} />);
    expect(screen.getByRole("status").textContent).toBe("1 step did not pass all 3 replays.");
    const region = screen.getByRole("region", { name: "Verify results" });
    expect(region.textContent).toContain("02-read read: 2/3 flaky");
    expect(region.textContent).toContain('run 2: /contents/0/text: expected "ok", got "degraded"');
    expect(region.textContent).toContain("runs 1, 3: passed");
    expect(region.textContent).not.toContain("01-connect");
    await userEvent
      .setup()
      .click(screen.getByRole("button", { name: "Compare /contents/0/text by type only" }));
    expect(onLoosen).toHaveBeenCalledWith("02-read", "/contents/0/text");
  });

  it("says so when every step passed every replay", () => {
    render(
      <VerifyResults
        verify={{ ...VERIFY, passed: 3, verdict: "stable", steps: [VERIFY.steps[0]!] }}
        onLoosen={vi.fn()}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Every step passed 3/3 replays.");
  });
});
