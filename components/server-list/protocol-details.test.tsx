import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SessionSummary } from "@/lib/api/contract";
import { stdioSession } from "@/components/testing/sessions";
import { ProtocolDetails } from "./protocol-details";

/** A connected 2026-07-28 server declaring resources (subscribe, listChanged) and tools. */
function modernSession(extra: Partial<SessionSummary>): SessionSummary {
  return stdioSession({
    capabilities: { resources: { subscribe: true, listChanged: true }, tools: {} },
    protocolVersion: "2026-07-28",
    ...extra,
  });
}

describe("ProtocolDetails", () => {
  it("shows the era, the negotiated version and the declared capabilities", () => {
    render(<ProtocolDetails session={modernSession({ era: "modern", eraChoice: "auto" })} />);
    expect(screen.getByText("modern era · 2026-07-28")).toBeTruthy();
    expect(screen.getByText("resources: subscribe, listChanged; tools")).toBeTruthy();
  });

  it("says when the user chose the era, and shows nothing before the server connected", () => {
    const { rerender, container } = render(
      <ProtocolDetails
        session={modernSession({ era: "legacy", eraChoice: "legacy", protocolVersion: "2025-11-25" })}
      />,
    );
    expect(screen.getByText("legacy era · 2025-11-25").getAttribute("title")).toContain("(chosen: legacy)");
    rerender(<ProtocolDetails session={modernSession({ status: "connecting" })} />);
    expect(container.textContent).toBe("");
  });
});
