import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Problem } from "@/lib/lint/problem";
import { RULES } from "@/lib/lint/rules";
import { ProblemRow } from "./problem-row";

const hostile = '<img src=x onerror="alert(1)">';

const problem = (extra: Partial<Problem> = {}): Problem => ({
  code: "read-uri-mismatch",
  severity: "warning",
  message: `Reading ${hostile} returned a content for x://b`,
  specUrl: RULES["read-uri-mismatch"].specUrl,
  at: "2026-12-01T00:00:00.000Z",
  count: 3,
  evidence: { uri: hostile, method: "resources/read", trafficSeq: 7, excerpt: `{"uri":"${hostile}"}` },
  why: RULES["read-uri-mismatch"].why,
  ...extra,
});

describe("ProblemRow", () => {
  it("shows code, severity, count, message, why, evidence and the spec link", () => {
    render(<ProblemRow problem={problem()} />);
    expect(screen.getByText("read-uri-mismatch")).toBeTruthy();
    expect(screen.getByText("warning")).toBeTruthy();
    expect(screen.getByText("×3")).toBeTruthy();
    expect(screen.getByText(RULES["read-uri-mismatch"].why)).toBeTruthy();
    expect(screen.getByText(/Evidence · resources\/read · traffic #7/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Spec" }).getAttribute("href")).toBe(
      RULES["read-uri-mismatch"].specUrl,
    );
  });

  it("a server's text stays text: no element is made from it", () => {
    const { container } = render(<ProblemRow problem={problem()} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain(hostile);
  });

  it("a spec link that is not http(s) is not a link", () => {
    render(<ProblemRow problem={problem({ specUrl: "javascript:alert(1)" })} />);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("Show in traffic opens the evidence's log entry", async () => {
    const onShowTraffic = vi.fn();
    render(<ProblemRow problem={problem()} onShowTraffic={onShowTraffic} />);
    await userEvent.click(screen.getByText(/^Evidence/));
    await userEvent.click(screen.getByRole("button", { name: "Show in traffic" }));
    expect(onShowTraffic).toHaveBeenCalledOnce();
  });

  it("a host problem: its hosts as chips, and the rule's facts with certainty, source and host version", async () => {
    const code = "host-templates-only";
    render(
      <ProblemRow
        problem={problem({
          code,
          severity: "error",
          specUrl: RULES[code].specUrl,
          why: RULES[code].why,
          hosts: ["gemini-cli", "claude-code"],
        })}
      />,
    );
    const chips = screen.getByRole("list", { name: "Hosts affected" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Gemini CLI", "Claude Code"]);
    await userEvent.click(screen.getByText("What the hosts do (2 facts)"));
    const facts = screen.getByText("What the hosts do (2 facts)").closest("details")!;
    expect(facts.textContent).toContain("Gemini CLI 0.56.0-nightly.20260806: No resources/templates/list");
    expect(facts.textContent).toContain("Claude Code 2.1.240: No model tool lists templates");
    const badges = [...facts.querySelectorAll<HTMLElement>("[data-certainty]")].map(
      (b) => b.dataset.certainty,
    );
    expect(badges).toEqual(["verified", "inferred"]);
    expect(facts.querySelector('[data-certainty="inferred"]')!.getAttribute("title")).toBe(
      "inferred: reasoned, not read in the host's code",
    );
    const link = within(facts).getByRole("link", { name: "CHANGELOG 2.1.116, #41860 (user report)" });
    expect(link.getAttribute("href")).toBe("https://github.com/anthropics/claude-code/issues/41860");
    expect(link.getAttribute("rel")).toBe("noreferrer noopener");
    expect(link.getAttribute("target")).toBe("_blank");
  });
});
