import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithQueries } from "@/components/testing/query-client";
import { preloadLazyParts } from "@/components/workspace/lazy-parts";
import type { HttpTransportChoice } from "@/lib/api/contract";
import { parseServerUrl, type HeaderRow, type UrlTarget } from "@/lib/launch/url-launch";
import { ConnectPanel } from "./connect-panel";
import { UrlReview, type UrlConnection } from "./url-review";

function target(url: string): UrlTarget {
  const parsed = parseServerUrl(url);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.target;
}

/** UrlReview with its state held as the connect panel holds it. */
function review(url: string, initialRows: HeaderRow[] = []) {
  const onRun = vi.fn<(c: UrlConnection) => void>();
  let rows = initialRows;
  let transport: HttpTransportChoice = "auto";
  const view = () => (
    <UrlReview
      target={target(url)}
      transport={transport}
      onTransport={(next) => {
        transport = next;
        result.rerender(view());
      }}
      rows={rows}
      onRows={(next) => {
        rows = next;
        result.rerender(view());
      }}
      pending={false}
      onRun={onRun}
      onEdit={() => undefined}
    />
  );
  const result = renderWithQueries(view());
  return { onRun, user: userEvent.setup() };
}

const region = () => screen.getByRole("region", { name: "Review the connection" });
const connect = () => screen.getByRole("button", { name: "Connect" });

describe("UrlReview", () => {
  it("sends OAuth settings only when given: a pre-registered client (secret masked) and remember", async () => {
    const { onRun, user } = review("https://mcp.example.test/mcp");
    await user.click(connect());
    expect(onRun).toHaveBeenLastCalledWith({
      url: "https://mcp.example.test/mcp",
      transport: "auto",
      headers: {},
    });
    await user.click(screen.getByText("OAuth sign-in (if the server asks for it)"));
    await user.type(screen.getByLabelText("Client id (empty: register one dynamically)"), "my-client");
    const secret = screen.getByLabelText("Client secret");
    expect(secret.getAttribute("type")).toBe("password");
    await user.type(secret, "s3cret");
    await user.click(screen.getByRole("checkbox", { name: /Remember the sign-in/ }));
    await user.click(connect());
    expect(onRun).toHaveBeenLastCalledWith({
      url: "https://mcp.example.test/mcp",
      transport: "auto",
      headers: {},
      auth: { clientId: "my-client", clientSecret: "s3cret", remember: true },
    });
    expect(region().textContent).not.toContain("s3cret");
  });

  it("an own Authorization header and OAuth settings together are refused before anything is sent", async () => {
    const { onRun, user } = review("https://mcp.example.test/mcp", [
      { id: 1, name: "Authorization", value: "Bearer mine" },
    ]);
    expect(region().textContent).toContain(
      "Your Authorization header is used as it is: the inspector will not sign in with OAuth.",
    );
    await user.click(screen.getByText("OAuth sign-in (if the server asks for it)"));
    await user.type(screen.getByLabelText("Client id (empty: register one dynamically)"), "my-client");
    expect(region().textContent).toContain(
      "Give either an Authorization header or OAuth sign-in settings, not both",
    );
    expect(connect()).toHaveProperty("disabled", true);
    await user.clear(screen.getByLabelText("Client id (empty: register one dynamically)"));
    expect(connect()).toHaveProperty("disabled", false);
    await user.click(connect());
    expect(onRun).toHaveBeenLastCalledWith({
      url: "https://mcp.example.test/mcp",
      transport: "auto",
      headers: { Authorization: "Bearer mine" },
    });
  });

  it("shows the URL, the host and that it is this machine, with auto chosen", () => {
    review("http://127.0.0.1:3001/mcp");
    expect(region().textContent).toContain("http://127.0.0.1:3001/mcp");
    expect(region().textContent).toContain("127.0.0.1:3001");
    expect(region().textContent).toContain("loopback: this machine");
    expect(screen.getByRole("radio", { name: /^Auto/ })).toHaveProperty("checked", true);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows hidden characters in the URL as badges and warns that the host may not be what it seems", () => {
    review("https://exa\u200bmple.test/mcp");
    expect(region().textContent).not.toContain("\u200b");
    const url = region().querySelector("code")?.cloneNode(true) as Element;
    url.querySelectorAll(".sr-only").forEach((el) => el.remove());
    expect(url.textContent).toBe("https://exa⟨U+200B⟩mple.test/mcp");
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("hidden characters (U+200B)");
    expect(alert.textContent).toContain("the host contacted is example.test");
    expect(alert.textContent).toContain("Contacts example.test, a machine other than this one.");
    expect(region().textContent).toContain("another machine");
  });

  it("masks a header value until asked, and never puts it in the page's text", async () => {
    const { user } = review("http://localhost:8080/mcp");
    await user.click(screen.getByRole("button", { name: "+ Add header" }));
    await user.type(screen.getByRole("textbox", { name: "Header 1 name" }), "X-Api-Key");
    const value = screen.getByLabelText("Value of X-Api-Key");
    await user.type(value, "secret-value");
    expect(value.getAttribute("type")).toBe("password");
    expect(document.body.textContent).not.toContain("secret-value");
    await user.click(screen.getByRole("button", { name: "Show value of X-Api-Key" }));
    expect(value.getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Hide value of X-Api-Key" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("refuses header names the API refuses, and a name given twice, with Connect disabled", async () => {
    const { user } = review("http://localhost:8080/mcp", [
      { id: 1, name: "Bad Name", value: "x" },
      { id: 2, name: "X-Ok", value: "1" },
      { id: 3, name: "x-ok", value: "2" },
      { id: 4, name: "", value: "orphan" },
    ]);
    const list = within(region()).getAllByRole("listitem");
    expect(list[0]?.textContent).toContain("invalid header name");
    expect(list[1]?.textContent).not.toMatch(/invalid|twice/);
    expect(list[2]?.textContent).toContain("x-ok is given twice");
    expect(list[3]?.textContent).toContain("a header needs a name");
    expect(screen.getByRole("textbox", { name: "Header 1 name" }).getAttribute("aria-invalid")).toBe("true");
    expect(connect()).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("button", { name: "Remove Bad Name" }));
    await user.click(screen.getByRole("button", { name: "Remove x-ok" }));
    await user.click(screen.getByRole("button", { name: "Remove header 2" }));
    expect(connect()).toHaveProperty("disabled", false);
  });

  it("posts the URL, the chosen transport and the headers, leaving out empty rows", async () => {
    const { user, onRun } = review("  http://127.0.0.1:3001/sse  ", [
      { id: 1, name: "Authorization", value: "Bearer abc" },
      { id: 2, name: "", value: "" },
    ]);
    await user.click(screen.getByRole("radio", { name: /^SSE/ }));
    await user.click(connect());
    expect(onRun).toHaveBeenCalledWith({
      url: "http://127.0.0.1:3001/sse",
      transport: "sse",
      headers: { Authorization: "Bearer abc" },
    });
  });

  it("a ws:// URL offers Auto and WebSocket only, sends the header for the handshake, and no OAuth", async () => {
    const { user, onRun } = review("ws://127.0.0.1:3005/mcp", [{ id: 1, name: "X-Api-Key", value: "k" }]);
    const radios = within(region()).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["auto", "websocket"]);
    expect(screen.queryByText("OAuth sign-in (if the server asks for it)")).toBeNull();
    expect(region().textContent).toContain("No OAuth sign-in over WebSocket");
    expect(region().textContent).toContain("Claude Code connects to WebSocket servers");
    expect(region().textContent).toContain("Sent on the WebSocket handshake to this server's origin only");
    await user.click(screen.getByRole("radio", { name: /^WebSocket/ }));
    await user.click(connect());
    expect(onRun).toHaveBeenCalledWith({
      url: "ws://127.0.0.1:3005/mcp",
      transport: "websocket",
      headers: { "X-Api-Key": "k" },
    });
  });
});

describe("ConnectPanel with a URL", () => {
  // The review step is loaded on first use in the app; here it is in before the panel renders.
  beforeAll(preloadLazyParts);

  it("reviews a pasted URL instead of parsing it as a command, and keeps it all after a failed connect", async () => {
    const user = userEvent.setup();
    renderWithQueries(<ConnectPanel onConnected={() => undefined} />);
    const box = screen.getByRole("textbox", { name: "Server command or URL" });
    await user.type(box, "http://127.0.0.1:1/mcp{Enter}");
    expect(region().textContent).toContain("http://127.0.0.1:1/mcp");
    expect(screen.queryByRole("region", { name: "Review the command" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "+ Add header" }));
    await user.type(screen.getByRole("textbox", { name: "Header 1 name" }), "X-Api-Key");
    await user.type(screen.getByLabelText("Value of X-Api-Key"), "secret-value");
    await user.click(screen.getByRole("radio", { name: /^Streamable HTTP/ }));
    // A test has no access token: the API client refuses before the network, as a failed start.
    await user.click(connect());
    expect((await screen.findByText("Could not connect")).closest("[role=alert]")?.textContent).toContain(
      "No access token.",
    );
    expect(screen.getByRole("textbox", { name: "Header 1 name" })).toHaveProperty("value", "X-Api-Key");
    expect(screen.getByLabelText("Value of X-Api-Key")).toHaveProperty("value", "secret-value");
    expect(screen.getByRole("radio", { name: /^Streamable HTTP/ })).toHaveProperty("checked", true);
    // Back to editing and reviewing again keeps the headers too.
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.type(screen.getByRole("textbox", { name: "Server command or URL" }), "{Enter}");
    expect(screen.getByLabelText("Value of X-Api-Key")).toHaveProperty("value", "secret-value");
  });

  it("says why a URL cannot be used (credentials in it) instead of running it as a command", async () => {
    const user = userEvent.setup();
    renderWithQueries(<ConnectPanel onConnected={() => undefined} />);
    await user.type(
      screen.getByRole("textbox", { name: "Server command or URL" }),
      "https://u:p@x.test/{Enter}",
    );
    expect(screen.getByRole("alert").textContent).toContain("without user:password@");
  });
});
