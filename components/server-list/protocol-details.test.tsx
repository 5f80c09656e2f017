import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SessionSummary } from "@/lib/contract";
import { ProtocolDetails } from "./protocol-details";

function stdioSession(extra: Partial<SessionSummary>): SessionSummary {
  return {
    id: "sess_1",
    name: "modern-fixture",
    status: "connected",
    launch: { kind: "stdio", program: "node", args: ["server.mjs"], envNames: [] },
    transport: { kind: "stdio", pid: 42 },
    pid: 42,
    serverInfo: { name: "modern-fixture", version: "2.0.0" },
    capabilities: { resources: { subscribe: true, listChanged: true }, tools: {} },
    protocolVersion: "2026-07-28",
    startedAt: new Date(0).toISOString(),
    undeclaredNotifications: 0,
    watchCount: 0,
    ...extra,
  };
}

describe("ProtocolDetails", () => {
  it("shows the era, the negotiated version and the declared capabilities", () => {
    render(<ProtocolDetails session={stdioSession({ era: "modern", eraChoice: "auto" })} />);
    expect(screen.getByText("modern era · 2026-07-28")).toBeTruthy();
    expect(screen.getByText("resources: subscribe, listChanged; tools")).toBeTruthy();
  });

  it("says when the user chose the era, and shows nothing before the server connected", () => {
    const { rerender, container } = render(
      <ProtocolDetails
        session={stdioSession({ era: "legacy", eraChoice: "legacy", protocolVersion: "2025-11-25" })}
      />,
    );
    expect(screen.getByText("legacy era · 2025-11-25").getAttribute("title")).toContain("(chosen: legacy)");
    rerender(<ProtocolDetails session={stdioSession({ status: "connecting" })} />);
    expect(container.textContent).toBe("");
  });
});
