/**
 * After the launcher says ready: load what a fresh page needs, the page first, one request at a
 * time. Next's own preload (off in next.config.ts) loads every route in one blocking run before it
 * answers anything; requests here interleave with the user's, so none waits for more than one
 * module to load, and the first page view does not pay for them.
 */
const PAGE_FIRST = [
  "/",
  "/api/presets",
  "/api/sessions",
  "/api/saved-servers",
  // Loads the read route, which hands its handler to the fast lane (server/http/fast-lane.ts).
  "/api/sessions/warm-up/read?uri=warm%3A%2F%2Fup",
];

export async function warmUp(origin: string, token: string): Promise<void> {
  for (const path of PAGE_FIRST) {
    try {
      const res = await fetch(`${origin}${path}`, {
        headers: path.startsWith("/api/") ? { Authorization: `Bearer ${token}` } : {},
      });
      await res.arrayBuffer();
    } catch {
      return; // stopping, or not listening any more: nothing to warm
    }
  }
}
