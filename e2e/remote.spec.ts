/**
 * Issue #11 end to end: servers behind a URL, connected from the page. server-everything runs over
 * Streamable HTTP and over the legacy HTTP+SSE transport on free loopback ports, and the WebSocket
 * fixture (issue 24) beside them; the page connects to each with transport `auto` and a custom
 * header whose value must never reach the page (the WebSocket one refuses the upgrade without it).
 */
import {
  freePort,
  startEverythingHttp,
  startFixtureHttp,
  type HttpServerHandle,
} from "../server/testing/http-servers";
import { expect, test } from "./fixtures";

const SECRET = "secret-value-7f3a";
const DOCUMENTS = [
  "architecture.md",
  "extension.md",
  "features.md",
  "how-it-works.md",
  "instructions.md",
  "startup.md",
  "structure.md",
];

let streamable: HttpServerHandle | undefined;
let sse: HttpServerHandle | undefined;
let ws: HttpServerHandle | undefined;

test.beforeAll(async () => {
  [streamable, sse, ws] = await Promise.all([
    startEverythingHttp("streamableHttp"),
    startEverythingHttp("sse"),
    startFixtureHttp("e2e/fixtures/servers/ws-server.mjs", [`--api-key=${SECRET}`]),
  ]);
});
test.afterAll(async () => {
  await Promise.all([streamable?.stop(), sse?.stop(), ws?.stop()]);
});
test.afterEach(async ({ api }) => api.deleteAll());

test("connect by URL over Streamable HTTP, SSE and WebSocket: review with a masked header, a refused port explained, browse, read, disconnect", async ({
  page,
  inspector,
  api,
}) => {
  if (!streamable || !sse || !ws) throw new Error("servers did not start");
  const everything = {
    filter: "static/document",
    items: DOCUMENTS,
    open: "architecture.md",
    uri: "demo://resource/static/document/architecture.md",
    heading: "Everything Server – Architecture",
  };
  const servers = [
    { url: streamable.url, shown: "auto → Streamable HTTP", ...everything },
    { url: sse.url, shown: "auto → SSE", ...everything },
    {
      url: `${ws.url.replace(/^http:/, "ws:")}/private`,
      shown: "auto → WebSocket",
      filter: "hello",
      items: ["hello"],
      open: "hello",
      uri: "fixture://hello",
      heading: null,
    },
  ];
  await inspector.open();

  // A port nobody listens on: the API's reason shows in the panel, and nothing typed is lost.
  // (Not port 1: fetch refuses "bad ports" before connecting, a different failure.)
  const closed = `127.0.0.1:${await freePort()}`;
  await inspector.pasteCommand(`http://${closed}/mcp`);
  await inspector.addHeader("X-Api-Key", SECRET);
  await inspector.confirmConnect();
  const failure = page.getByRole("alert").filter({ hasText: "Could not connect" });
  await expect(failure).toContainText(`Connection refused by ${closed}: is the server running on that port?`);
  await expect(failure).not.toContainText("stderr");
  // The review and its failure have the wide columns, not the 280 px sidebar (issue 33): both in
  // view, side by side with nothing cut.
  const wide = page.getByRole("region", { name: "Review the server" });
  await expect(wide.getByRole("alert").filter({ hasText: "Could not connect" })).toBeInViewport();
  await expect(wide.getByRole("region", { name: "Review the connection" })).toBeVisible();
  expect((await wide.boundingBox())!.width).toBeGreaterThan(600);
  await expect(inspector.urlReview.getByLabel("Value of X-Api-Key", { exact: true })).toHaveValue(SECRET);
  await inspector.urlReview.getByRole("button", { name: "Edit" }).click();

  for (const [i, server] of servers.entries()) {
    await inspector.pasteCommand(server.url);
    const review = inspector.urlReview;
    await expect(review).toContainText(server.url);
    await expect(review).toContainText(`${new URL(server.url).host}loopback: this machine`);
    await expect(review.getByRole("radio", { name: /^Auto/ })).toBeChecked();
    // The refused attempt's header is still there for the first server; the second gets its own.
    if (i > 0) await inspector.addHeader("X-Api-Key", SECRET);
    const value = review.getByLabel("Value of X-Api-Key", { exact: true });
    await expect(value).toHaveValue(SECRET);
    await expect(value).toHaveAttribute("type", "password");
    if (i === 0) await page.screenshot({ path: "test-results/remote-review.png" });
    expect(await page.locator("body").innerText()).not.toContain(SECRET);
    await inspector.confirmConnect();

    await expect(inspector.tree).toBeVisible({ timeout: 20_000 });
    await expect(inspector.urlReview).toHaveCount(0);
    const card = inspector.selectedServerCard;
    await expect(card).toContainText(server.shown);
    await expect(card).toContainText(server.url);
    await expect(card).toContainText("headers X-Api-Key");
    await expect(card.getByTitle("Negotiated protocol version")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(card).not.toContainText(SECRET);

    await inspector.filterBox.fill(server.filter);
    for (const name of server.items) await expect(inspector.treeItem(name)).toBeVisible();
    await inspector.treeItem(server.open).click();
    await expect(inspector.viewer).toContainText(server.uri);
    if (server.heading)
      await expect(inspector.viewer.getByRole("heading", { name: server.heading })).toBeVisible();
    else await expect(inspector.viewer).toContainText("hello over WebSocket");
    await page.screenshot({ path: `test-results/remote-connected-${i}.png` });
  }

  const sessions = await api.sessions();
  expect(sessions.map((s) => (s.transport.kind === "http" ? s.transport.used : null))).toEqual([
    "streamable-http",
    "sse",
    "websocket",
  ]);
  expect(JSON.stringify(sessions)).not.toContain(SECRET);
  expect(await page.locator("body").innerText()).not.toContain(SECRET);

  for (const session of sessions) {
    await page
      .getByRole("button", { name: `Disconnect ${session.name}` })
      .first()
      .click();
  }
  await expect(page.getByRole("button", { name: /^Disconnect / })).toHaveCount(0);
  expect(await api.sessions()).toHaveLength(0);
});
