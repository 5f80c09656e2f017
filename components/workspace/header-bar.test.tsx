import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HeaderBar } from "./header-bar";

const banner = () => screen.getByRole("banner");

describe("HeaderBar", () => {
  it("counts the connected servers, one or many", () => {
    const { rerender } = render(<HeaderBar connected={1} backendDown={false} stream={null} />);
    expect(banner().textContent).toContain("1 server connected");
    rerender(<HeaderBar connected={3} backendDown={false} stream={null} />);
    expect(banner().textContent).toContain("3 servers connected");
  });

  it("says when the backend is not reachable, instead of a count", () => {
    render(<HeaderBar connected={2} backendDown stream={null} />);
    expect(screen.getByRole("status").textContent).toBe("Backend not reachable");
    expect(banner().textContent).not.toContain("connected");
  });

  it.each([
    ["live", "Live updates: Live"],
    ["connecting", "Live updates: Connecting…"],
    ["reconnecting", "Live updates: Reconnecting…"],
  ] as const)("names the live event stream's state: %s", (stream, text) => {
    render(<HeaderBar connected={0} backendDown={false} stream={stream} />);
    expect(screen.getByRole("status").textContent).toBe(text);
  });
});
