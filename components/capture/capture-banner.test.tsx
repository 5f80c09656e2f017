import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stdioSession } from "@/components/testing/sessions";
import { CaptureBanner, takenAt } from "./capture-banner";

describe("CaptureBanner", () => {
  it("says whose capture it is, when and by which version it was taken, and that nothing runs", () => {
    const capture = {
      capturedAt: "2026-11-30T09:15:00.000Z",
      inspector: "0.1.0",
      file: "w.mcpcapture.json.gz",
      reads: 1,
    };
    render(<CaptureBanner session={{ ...stdioSession({ name: "weather", pid: null }), capture }} />);
    const note = screen.getByRole("note", { name: "Capture" });
    expect(note.textContent).toContain(
      `Capture of weather, taken ${takenAt(capture.capturedAt)} by mcp-resource-inspector 0.1.0 — read-only, no server running.`,
    );
    expect(note.textContent).toContain("1 read captured · w.mcpcapture.json.gz");
    expect(note.querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-30T09:15:00.000Z");
  });

  it("shows a capture time it cannot parse as the file wrote it", () => {
    expect(takenAt("yesterday at noon")).toBe("yesterday at noon");
  });
});
