import { afterEach, beforeEach } from "vitest";
import type { InspectorEvent } from "@/lib/api/events";
import { EventReader } from "./event-reader";
import { call, callJson, type RouteHandler } from "./route-client";

/** The three routes the frame uses, passed in: server/ imports nothing of app/. */
export interface FrameRoutes {
  /** GET /api/events */
  events: RouteHandler<Record<string, never>>;
  /** GET /api/sessions */
  sessions: RouteHandler<Record<string, never>>;
  /** DELETE /api/sessions/{id} */
  session: RouteHandler<{ id: string }>;
}

/**
 * A route test's frame around each test: the app's event stream open and read from its `hello`
 * on, and after the test every session deleted, then the stream closed. What it returns reads the
 * current test's stream.
 */
export function eventStreamEachTest(routes: FrameRoutes): Pick<EventReader, "waitFor" | "events"> {
  let reader: EventReader | undefined;
  beforeEach(async () => {
    reader = new EventReader();
    reader.start(await call(routes.events));
    await reader.waitFor((e) => e.type === "hello");
  });
  afterEach(async () => {
    const { body } = await callJson<{ sessions: { id: string }[] }>(routes.sessions);
    for (const s of body.sessions) await call(routes.session, { method: "DELETE", params: { id: s.id } });
    await reader?.stop();
  });
  return {
    get events(): InspectorEvent[] {
      return reader!.events;
    },
    waitFor: (match: (e: InspectorEvent) => boolean, timeoutMs?: number) => reader!.waitFor(match, timeoutMs),
  };
}
