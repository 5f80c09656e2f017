/**
 * Node's own `fetch`, as it was before Next patched the global one. Not `import "server-only"`:
 * the launcher imports this first of all, before it loads Next, so the copy is taken while the
 * global is still Node's; route bundles then find it on `globalThis`.
 *
 * Why: in a route handler, Next's fetch dedupes every GET without a `signal`
 * (next/dist/server/lib/dedupe-fetch.js): it tees the body and keeps one branch in a per-request
 * cache that nobody reads. A tee branch's `cancel()` settles only once the other branch is read or
 * cancelled, and the SDK awaits `response.body.cancel()` on every 404 of OAuth discovery, so a
 * connect to a server without a protected-resource document hung until the request timeout
 * (30 s, measured through `npm start`; 0.1 s with Node's fetch). Every request a remote session
 * makes goes through this one.
 */
type Fetch = typeof globalThis.fetch;

const g = globalThis as typeof globalThis & { __mcpInspectorFetch?: Fetch };

/** Next marks the function it installs (patch-fetch.js: `__nextPatched`). */
function patched(f: Fetch): boolean {
  return (f as Fetch & { __nextPatched?: boolean }).__nextPatched === true;
}

if (!g.__mcpInspectorFetch && !patched(globalThis.fetch)) g.__mcpInspectorFetch = globalThis.fetch;

/**
 * Node's fetch when it was taken before Next loaded (always, under the launcher and the CLI);
 * else (`next dev`) the global one, whose dedupe every OAuth request still avoids by carrying a
 * signal (its timeout).
 */
export const pristineFetch: Fetch = (input, init) => (g.__mcpInspectorFetch ?? globalThis.fetch)(input, init);
