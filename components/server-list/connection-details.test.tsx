import { abilitiesOf } from "@/lib/launch/session-kinds";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { HttpTransportChoice, HttpTransportUsed, SessionSummary } from "@/lib/api/contract";
import { ConnectionDetails } from "./connection-details";

function httpSession(
  choice: HttpTransportChoice,
  used: HttpTransportUsed | null,
  extra: {
    sessionId?: string | null;
    reinitialized?: number;
    headerNames?: string[];
    streamLost?: boolean;
    streamNote?: string;
  } = {},
): SessionSummary {
  const url = "http://127.0.0.1:4321/mcp";
  return {
    id: "sess_abcdef",
    name: "remote",
    status: "connected",
    launch: { kind: "http", url, transport: choice, headerNames: extra.headerNames ?? [] },
    abilities: abilitiesOf({ kind: "http", url, transport: choice }),
    transport: {
      kind: "http",
      url,
      used,
      sessionId: extra.sessionId ?? null,
      reinitialized: extra.reinitialized ?? 0,
      streamLost: extra.streamLost ?? false,
      ...(extra.streamNote ? { streamNote: extra.streamNote } : {}),
    },
    pid: null,
    serverInfo: { name: "everything", version: "1.0.0" },
    capabilities: { resources: {} },
    protocolVersion: "2025-06-18",
    startedAt: new Date(0).toISOString(),
    undeclaredNotifications: 0,
    watchCount: 0,
  };
}

describe("ConnectionDetails", () => {
  it("names the transport that answered, and says when auto chose it", () => {
    const { container, rerender } = render(<ConnectionDetails session={httpSession("auto", "sse")} />);
    expect(container.textContent).toContain("auto → SSE");
    rerender(<ConnectionDetails session={httpSession("streamable-http", "streamable-http")} />);
    expect(container.textContent).toContain("Streamable HTTP");
    expect(container.textContent).not.toContain("auto");
    rerender(<ConnectionDetails session={httpSession("auto", null)} />);
    expect(container.textContent).toContain("auto");
    expect(container.textContent).toContain("http://127.0.0.1:4321/mcp");
    expect(screen.getByTitle("Negotiated protocol version").textContent).toBe("2025-06-18");
  });

  it("shows the Mcp-Session-Id short, whole in its title, and copies the whole id", async () => {
    const id = "4f1c2b7e-9d0a-4e1b-8c3d-2a6f5e4d3c2b";
    const user = userEvent.setup();
    render(<ConnectionDetails session={httpSession("auto", "streamable-http", { sessionId: id })} />);
    const code = screen.getByTitle(id);
    expect(code.textContent).toBe("4f1c2b7e…");
    await user.click(screen.getByRole("button", { name: "Copy Mcp-Session-Id" }));
    expect(await navigator.clipboard.readText()).toBe(id);
    expect(screen.getByRole("button", { name: "Copy Mcp-Session-Id" }).textContent).toBe("copied");
  });

  it("lists header names only, and notes a re-initialized session quietly", () => {
    const { container } = render(
      <ConnectionDetails
        session={httpSession("sse", "sse", { headerNames: ["Authorization", "X-Api-Key"], reinitialized: 2 })}
      />,
    );
    expect(container.textContent).toContain("headers Authorization, X-Api-Key");
    expect(container.textContent).toContain("session re-initialized 2×: the server forgot the previous one");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when the event stream is lost, and not otherwise", () => {
    const { container, rerender } = render(
      <ConnectionDetails session={httpSession("auto", "streamable-http")} />,
    );
    expect(container.textContent).not.toContain("event stream lost");
    rerender(<ConnectionDetails session={httpSession("auto", "streamable-http", { streamLost: true })} />);
    expect(screen.getByRole("status").textContent).toBe(
      "event stream lost: notifications paused until it is open again",
    );
    // What ended it and what is being done, as the transport says it.
    rerender(
      <ConnectionDetails
        session={httpSession("auto", "streamable-http", {
          streamLost: true,
          streamNote: "the event stream was lost: the server ended it; re-opening in 1.5 s (attempt 2)",
        })}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe(
      "the event stream was lost: the server ended it; re-opening in 1.5 s (attempt 2): notifications paused until it is open again",
    );
  });

  it("shows nothing for a stdio session (its card already says what runs)", () => {
    const stdio: SessionSummary = {
      ...httpSession("auto", null),
      launch: { kind: "stdio", program: "node", args: ["x.js"], envNames: [] },
      transport: { kind: "stdio", pid: 42 },
    };
    expect(render(<ConnectionDetails session={stdio} />).container.textContent).toBe("");
  });
});
