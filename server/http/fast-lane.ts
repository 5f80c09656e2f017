/**
 * The hot read path (and the health check), answered by the launcher without Next's router. Next costs ~2–3 ms per API
 * call on this machine (router server, route resolution, request/response adapters, headers and
 * body written in separate socket writes), which alone broke the goal of ≤ 2 ms added to a remote
 * read (issue #11). The handler is the route's own (`app/api/sessions/[id]/read/route.ts` registers
 * its `GET` here when Next first loads it), so validation, the token check and error envelopes
 * are the same code; the launcher's request gate has already run (Host, Origin, token, headers).
 *
 * Shared between Next's bundle (which registers) and the launcher (which dispatches) through a
 * global symbol: they are separate module instances. Not `import "server-only"`: the launcher
 * imports it outside Next.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export type FastHandler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;

interface FastRoutes {
  read?: FastHandler;
  /** The encoded body of a JSON response made by `route.ts`'s json(): written as is, not copied out. */
  bodies?: WeakMap<Response, Buffer>;
}

const KEY = Symbol.for("mcp-resource-inspector.fast-lane");

function routes(): FastRoutes {
  const g = globalThis as { [KEY]?: FastRoutes };
  return (g[KEY] ??= {});
}

/** Called by the route module: from now on the launcher may answer this route itself. */
export function registerFastRoute(name: "read", handler: FastHandler): void {
  routes()[name] = handler;
}

/** Marks `response` as carrying exactly `bytes` (a 10 MB read is not copied out of it again). */
export function withBody(response: Response, bytes: Buffer): Response {
  (routes().bodies ??= new WeakMap()).set(response, bytes);
  return response;
}

const HEALTH_BODY = JSON.stringify({ ok: true });

/** `/api/sessions/<id>/read?…`, with an id in the alphabet session ids use (base64url). */
const READ_PATH = /^\/api\/sessions\/([A-Za-z0-9_-]{1,64})\/read(?:\?|$)/;

/**
 * Answers the request when it is a fast-lane route whose handler is registered; returns false to
 * let Next handle it (any other route, or before Next has loaded the route once).
 */
export function serveFastLane(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET") return false;
  // The launcher's liveness: it listens only once Next is prepared, so answering means the app
  // serves. Without the router, and without waiting for Next to load a route module for it.
  if (req.url === "/api/health" || req.url?.startsWith("/api/health?")) {
    res.writeHead(200, { "content-type": "application/json", "content-length": HEALTH_BODY.length });
    res.end(HEALTH_BODY);
    return true;
  }
  const match = READ_PATH.exec(req.url ?? "");
  const handler = match ? routes().read : undefined;
  if (!match || !handler) return false;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  // A page that gives up on the read (Cancel, navigating away) closes the connection: the read is
  // cancelled on the server too, as Next does for routes it serves (issue 16).
  const gone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url}`, {
    headers,
    signal: gone.signal,
  });
  void handler(request, { params: Promise.resolve({ id: match[1]! }) })
    .then(async (response) => {
      const body = routes().bodies?.get(response) ?? Buffer.from(await response.arrayBuffer());
      const out: Record<string, string> = {};
      response.headers.forEach((value, name) => (out[name] = value));
      out["content-length"] = String(body.length);
      // One write for headers and body: a socket write is a syscall, and they are slow here.
      res.writeHead(response.status, out);
      res.end(body);
    })
    .catch((err: unknown) => {
      if (res.headersSent) return res.destroy(err instanceof Error ? err : undefined);
      const body = JSON.stringify({ error: { code: "internal", message: "The read failed unexpectedly." } });
      res.writeHead(500, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  return true;
}
