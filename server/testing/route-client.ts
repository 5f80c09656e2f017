/**
 * Calls the real App Router route handlers in-process with real Request objects: the whole
 * HTTP contract (auth, validation, error envelope, status codes) without a browser or a port.
 */
export const TEST_TOKEN = "test-token-0123456789";
export const TEST_PORT = "6399";
process.env.MCP_INSPECTOR_TOKEN = TEST_TOKEN;
process.env.MCP_INSPECTOR_PORT = TEST_PORT;

export type RouteHandler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export interface CallOptions<P> {
  method?: string;
  path?: string;
  params?: P;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
  /** Aborts the request as a browser's closed connection does (Next aborts `req.signal`). */
  signal?: AbortSignal;
}

export async function call<P>(handler: RouteHandler<P>, options: CallOptions<P> = {}): Promise<Response> {
  const headers = new Headers({ host: `127.0.0.1:${TEST_PORT}`, ...options.headers });
  const token = options.token === undefined ? TEST_TOKEN : options.token;
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const req = new Request(`http://127.0.0.1:${TEST_PORT}${options.path ?? "/"}`, {
    method: options.method ?? "GET",
    headers,
    body,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return handler(req, { params: Promise.resolve((options.params ?? {}) as P) });
}

export async function callJson<T = unknown, P = Record<string, never>>(
  handler: RouteHandler<P>,
  options: CallOptions<P> = {},
) {
  const res = await call(handler, options);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}
