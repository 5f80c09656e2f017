import { apiRoute, json } from "@/server/http/route";

export const dynamic = "force-dynamic";

/**
 * The backend's memory, for the benchmark's "memory returns to baseline" figure. With
 * `?gc=1` and node started with --expose-gc, collects garbage first so heapUsed is comparable.
 */
export const GET = apiRoute((req) => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (new URL(req.url).searchParams.get("gc") === "1" && gc) gc();
  const m = process.memoryUsage();
  return json({
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    gcExposed: Boolean(gc),
  });
});
