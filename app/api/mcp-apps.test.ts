/**
 * Issue #4 against two real MCP App servers over stdio: server-basic-vanillajs (a 218 KB
 * `text/html;profile=mcp-app` page) and server-pdf (a 4.3 MB one). Listed, read and served raw
 * through the real route handlers, byte for byte, and every process gone afterwards.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { call, callJson } from "@/server/testing/route-client";
import { expectNoLeftoverProcesses } from "@/server/testing/teardown";

const sessionsRoute = await import("./sessions/route");
const sessionRoute = await import("./sessions/[id]/route");
const resourcesRoute = await import("./sessions/[id]/resources/route");
const readRoute = await import("./sessions/[id]/read/route");
const contentRoute = await import("./sessions/[id]/content/route");

const root = process.cwd();
const pkgDir = (name: string) => path.join(root, "node_modules", "@modelcontextprotocol", name);

interface Listed {
  resources: { uri: string; mimeType?: string; name: string }[];
}
interface Read {
  contents: { uri: string; mimeType?: string; text?: string; _meta?: Record<string, unknown> }[];
}

const idParams = (id: string) => ({ params: { id } });
const del = (id: string) => call(sessionRoute.DELETE, { method: "DELETE", ...idParams(id) });

afterAll(async () => {
  const { body } = await callJson<{ sessions: { id: string }[] }>(sessionsRoute.GET);
  for (const s of body.sessions) await del(s.id);
  await expectNoLeftoverProcesses();
});

const servers = [
  {
    pkg: "server-basic-vanillajs",
    uri: "ui://get-time/mcp-app.html",
    title: "Get Time App",
    minBytes: 200_000,
  },
  { pkg: "server-pdf", uri: "ui://pdf-viewer/mcp-app.html", title: "PDF Viewer", minBytes: 4_000_000 },
];

describe.each(servers)("@modelcontextprotocol/$pkg over stdio", ({ pkg, uri, title, minBytes }) => {
  it("lists its MCP App page, reads it whole and serves the same bytes raw, sandboxed", async () => {
    const created = await callJson<{ id: string; status: string }>(sessionsRoute.POST, {
      method: "POST",
      body: {
        command: process.execPath,
        args: [path.join(pkgDir(pkg), "dist/index.js"), "--stdio"],
        env: { [TEST_MARK_VAR]: testMark() },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;

    const list = await callJson<Listed, { id: string }>(resourcesRoute.GET, { ...idParams(id), path: "/x" });
    expect(list.body.resources).toContainEqual(
      expect.objectContaining({ uri, mimeType: "text/html;profile=mcp-app" }),
    );

    const read = await callJson<Read, { id: string }>(readRoute.GET, {
      ...idParams(id),
      path: `/x?uri=${encodeURIComponent(uri)}`,
    });
    expect(read.status).toBe(200);
    expect(read.body.contents).toHaveLength(1);
    const [item] = read.body.contents;
    expect(item?.mimeType).toBe("text/html;profile=mcp-app");
    // The page the package ships, unchanged by our transport (framing, limits, traffic log).
    const shipped = readFileSync(path.join(pkgDir(pkg), "dist/mcp-app.html"), "utf8");
    expect(item?.text?.length).toBeGreaterThan(minBytes);
    expect(item?.text).toBe(shipped);
    expect(item?.text).toContain(`<title>${title}</title>`);

    const raw = await call(contentRoute.GET, {
      ...idParams(id),
      path: `/x?uri=${encodeURIComponent(uri)}&index=0`,
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("text/html;profile=mcp-app; charset=utf-8");
    expect(raw.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect(raw.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Number(raw.headers.get("content-length"))).toBe(Buffer.byteLength(shipped));
    expect(await raw.text()).toBe(shipped);

    expect((await del(id)).status).toBe(204);
  });
});

it("server-pdf's page declares the remote origins its host would allow (kept in _meta for the viewer)", async () => {
  const created = await callJson<{ id: string }>(sessionsRoute.POST, {
    method: "POST",
    body: {
      command: process.execPath,
      args: [path.join(pkgDir("server-pdf"), "dist/index.js"), "--stdio"],
      env: { [TEST_MARK_VAR]: testMark() },
    },
  });
  const id = created.body.id;
  const read = await callJson<Read, { id: string }>(readRoute.GET, {
    ...idParams(id),
    path: `/x?uri=${encodeURIComponent("ui://pdf-viewer/mcp-app.html")}`,
  });
  const meta = read.body.contents[0]?._meta as { ui?: { csp?: { connectDomains?: string[] } } } | undefined;
  expect(meta?.ui?.csp?.connectDomains?.length).toBeGreaterThan(0);
  expect(meta?.ui?.csp?.connectDomains?.every((d) => d.startsWith("https://"))).toBe(true);
  expect((await del(id)).status).toBe(204);
});
