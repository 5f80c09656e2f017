import { render, screen } from "@testing-library/react";
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
});
