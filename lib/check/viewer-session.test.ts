import { describe, expect, it } from "vitest";
import { viewerSessionFor } from "./viewer-session";

const sessions = [
  { id: "a", status: "disconnected" },
  { id: "b", status: "connected" },
  { id: "c", status: "connected" },
];

describe("viewerSessionFor", () => {
  it("prefers the server the workspace shows when it runs the same launch", () => {
    expect(viewerSessionFor(["a", "b", "c"], sessions, "c")).toBe("c");
  });

  it("else a connected one, else any still open", () => {
    expect(viewerSessionFor(["a", "c"], sessions, "x")).toBe("c");
    expect(viewerSessionFor(["a"], sessions, null)).toBe("a");
  });

  it("never the current server when it runs another launch, nor a session closed since the run", () => {
    expect(viewerSessionFor(["gone"], sessions, "b")).toBeNull();
    expect(viewerSessionFor([], sessions, "b")).toBeNull();
    expect(viewerSessionFor(undefined, sessions, "b")).toBeNull();
  });
});
