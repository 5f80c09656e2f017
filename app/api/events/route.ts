import { sseResponse } from "@/server/http/sse";
import { apiRoute } from "@/server/http/route";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

/** One stream per tab for every session (browsers allow six HTTP/1.1 connections per origin). */
export const GET = apiRoute((req) => {
  const registry = getRegistry();
  let seq = 0;
  return sseResponse(req, (sink) => {
    // Subscribe first, then say hello: the client re-syncs on hello and misses nothing after it.
    const unsubscribe = registry.events.subscribe((event) => sink.send(event.type, event, ++seq));
    sink.send("hello", { type: "hello", serverTime: Date.now() }, ++seq);
    return unsubscribe;
  });
});
