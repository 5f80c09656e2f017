/**
 * Issue #9: a property-based fuzz (fast-check) of every API route's path, query and body over
 * real HTTP against the running app. The property: a success (or Next's same-origin trailing-slash
 * redirect), or a 4xx carrying the error envelope — never a 5xx, never plain text, never a crashed
 * app. Bodies never carry the keys that
 * start a program (a fuzzer must not run commands on this machine), so what is fuzzed is the
 * parsing and validation every request meets before that.
 */
import fc from "fast-check";
import { DEMO_SAMPLE_URIS as S } from "../server/demo/uris";
import { expect, test } from "./fixtures";
import { rawRequest } from "./support/raw-http";

/** Route templates with the methods each one exports; `:id` is a session id or a fuzzed segment. */
const ROUTES: [string, readonly string[]][] = [
  ["/api/health", ["GET"]],
  ["/api/presets", ["GET"]],
  ["/api/sessions", ["GET", "POST"]],
  ["/api/captures", ["POST"]],
  ["/api/sessions/:id", ["GET", "DELETE"]],
  ["/api/sessions/:id/auth", ["GET"]],
  ["/api/sessions/:id/capture", ["POST"]],
  ["/api/sessions/:id/auth/sign-in", ["POST"]],
  ["/api/sessions/:id/auth/sign-out", ["POST"]],
  ["/api/sessions/:id/complete", ["POST"]],
  ["/api/sessions/:id/content", ["GET"]],
  ["/api/sessions/:id/frames", ["POST"]],
  ["/api/sessions/:id/read", ["GET"]],
  ["/api/sessions/:id/recording", ["GET", "POST"]],
  ["/api/sessions/:id/recording/check", ["POST"]],
  ["/api/sessions/:id/resources", ["GET"]],
  ["/api/sessions/:id/stderr", ["GET"]],
  ["/api/sessions/:id/templates", ["GET"]],
  ["/api/sessions/:id/tools", ["GET"]],
  ["/api/sessions/:id/traffic", ["GET"]],
  ["/api/sessions/:id/versions", ["GET"]],
  ["/api/sessions/:id/watches", ["GET", "POST", "DELETE"]],
  ["/api/sessions/:id/watch-files", ["GET", "PUT", "PATCH", "DELETE"]],
  ["/api/sessions/:id/last-build-diff", ["GET"]],
  ["/api/compare", ["POST"]],
  // A well-formed request id that is never in flight (cancelling it is a no-op).
  ["/api/sessions/:id/requests/0123456789abcdef/cancel", ["POST"]],
  ["/api/import", ["POST"]],
  ["/api/import/connect", ["POST"]],
  ["/api/saved-servers", ["GET", "DELETE"]],
  ["/api/saved-servers/connect", ["POST"]],
  ["/api/startup", ["GET", "POST"]],
  ["/api/startup/:id", ["DELETE"]],
  ["/api/startup/:id/retry", ["POST"]],
  ["/api/checks", ["GET", "POST"]],
  ["/api/checks/run", ["POST"]],
  ["/api/checks/playwright", ["POST"]],
  ["/api/debug/memory", ["GET"]],
  ["/api/:id", ["GET", "POST", "DELETE"]],
];

/** Keys that would start a server or run a check if the rest of a body happened to be valid. */
const LAUNCHING_KEYS = new Set([
  "command",
  "preset",
  "url",
  "args",
  "env",
  "cwd",
  "check",
  "files",
  "name",
  // a pasted config's server to connect
  "server",
  // watch mode: a path to watch and a build command to run on change
  "path",
  "build",
]);

const segment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 20 }).map(encodeURIComponent),
  // Raw percent escapes, valid UTF-8 or not (%ff, %c0%af, %00 …), dots and slashes.
  fc.stringMatching(/^(%[0-9a-fA-F]{2}|[a-z.]|%2[fF]){1,12}$/),
  fc.constantFrom("..", ".", "%2e%2e", "%00", "%ff", "nosuchsession1"),
);

const scalar = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("../../etc/passwd", "/etc/shadow", "/proc/self", "a\u0000b", ".", "..", S.html, S.svg),
);
const safeKey = fc
  .oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      "uri",
      "index",
      "kind",
      "scripts",
      "folder",
      "filename",
      "overwrite",
      "checkPath",
      "envFile",
      "ref",
      "argument",
      "tool",
      "arguments",
      "version",
      "download",
      "text",
    ),
  )
  .filter((k) => !LAUNCHING_KEYS.has(k));
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, fc.array(tie("value"), { maxLength: 4 }), tie("object")),
  object: fc.dictionary(safeKey, tie("value"), { maxKeys: 5 }),
})).value;

const body = fc.oneof(
  jsonValue.map((v) => ({ type: "application/json", text: JSON.stringify(v) })),
  fc.string({ maxLength: 200 }).map((text) => ({ type: "application/json", text })),
  fc.record({
    type: fc.constantFrom(
      "text/plain",
      "application/json; charset=latin1",
      "application/x-www-form-urlencoded",
      "",
      "application/json;x=1",
    ),
    text: fc.string({ maxLength: 100 }),
  }),
);

const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom("uri", "index", "download", "folder", "version", "refresh"),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(scalar.map(String), fc.string({ unit: "binary", maxLength: 30 })),
  { maxKeys: 4 },
);

test.afterEach(async ({ api }) => api.deleteAll());

test("fuzzed paths, queries and bodies on every route: a success or a 4xx envelope, never a 5xx", async ({
  api,
  auth,
}) => {
  test.setTimeout(180_000);
  const id = await api.startDemo();
  const sessionsBefore = 1;
  const statuses = new Map<number, number>();
  const request$ = fc.record({
    route: fc.constantFrom(...ROUTES),
    id: fc.oneof(fc.constant(id), segment),
    method: fc.constantFrom("GET", "POST", "DELETE"),
    query,
    body,
  });
  await fc.assert(
    fc.asyncProperty(request$, async (r) => {
      const [template, methods] = r.route;
      const method = methods.includes(r.method) ? r.method : methods[0]!;
      // Never the real session's DELETE: the rest of the run needs it.
      if (method === "DELETE" && template === "/api/sessions/:id" && r.id === id) return;
      const qs = new URLSearchParams(r.query).toString();
      const path = template.replace(":id", r.id) + (qs ? `?${qs}` : "");
      const headers: Record<string, string> = { ...auth };
      if (method === "POST" && r.body.type) headers["Content-Type"] = r.body.type;
      const res = await rawRequest(path, {
        method,
        headers,
        body: method === "POST" ? r.body.text : undefined,
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${method} ${path} ${method === "POST" ? r.body.text.slice(0, 200) : ""}`;
      expect(res.status, where).toBeLessThan(500);
      // Next normalises a trailing slash with a 308: only ever to a path on this origin.
      if (res.status >= 300 && res.status < 400) expect(res.headers.location, where).toMatch(/^\/(?!\/)/);
      if (res.status >= 400) {
        expect(res.headers["content-type"], where).toMatch(/^application\/json/);
        const parsed = JSON.parse(res.body) as { error?: { code?: unknown; message?: unknown } };
        expect(typeof parsed.error?.code, where).toBe("string");
        expect(typeof parsed.error?.message, where).toBe("string");
      }
    }),
    { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), verbose: 1 },
  );
  // The app is alive, and nothing fuzzed started a server.
  expect(await api.sessions()).toHaveLength(sessionsBefore);
  console.log("fuzz statuses:", JSON.stringify(Object.fromEntries([...statuses].sort())));
});
