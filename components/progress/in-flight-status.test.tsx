import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries } from "@/components/testing/query-client";
import { eventEffects } from "@/lib/api/event-effects";
import type { InspectorEvent } from "@/lib/api/events";
import { sendTracked, slots } from "@/lib/api/tracked-request";
import type { QueryClient } from "@tanstack/react-query";
import { InFlightStatus } from "./in-flight-status";

const SESSION = "s1";
const URI = "demo://slow/report";

/** Apply one live event the way the stream's cache applier does (lib/api/event-effects.ts). */
function deliver(client: QueryClient, event: InspectorEvent): void {
  act(() => {
    for (const effect of eventEffects(event, (key) => client.getQueryData(key), Date.now())) {
      if (effect.op === "set") client.setQueryData(effect.key, effect.update);
    }
  });
}

/** A request sent through sendTracked that the test answers; its id is what the page sent. */
function startRequest(client: QueryClient) {
  let answer: (value: string) => void = () => undefined;
  let requestId = "";
  const done = sendTracked(client, SESSION, slots.read(URI), (id) => {
    requestId = id;
    return new Promise<string>((resolve) => (answer = resolve));
  });
  return { done, answer: (v: string) => answer(v), id: () => requestId };
}

describe("InFlightStatus", () => {
  it("shows the server's progress as a determinate bar with its message, then Cancel after a second", async () => {
    const onCancel = vi.fn();
    const { client } = renderWithQueries(
      <InFlightStatus
        sessionId={SESSION}
        slot={slots.read(URI)}
        label={`Reading ${URI}`}
        onCancel={onCancel}
      />,
    );
    let request!: ReturnType<typeof startRequest>;
    act(() => {
      request = startRequest(client);
    });
    // Quick so far and no progress: nothing shown (no flicker for fast reads).
    expect(screen.queryByRole("progressbar")).toBeNull();

    deliver(client, {
      type: "progress",
      sessionId: SESSION,
      requestId: request.id(),
      progress: 2,
      total: 5,
      message: "report: step 2 of 5",
    });
    const bar = await screen.findByRole("progressbar", { name: `Reading ${URI}` });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(screen.getByText("report: step 2 of 5")).toBeTruthy();
    // Another request's progress (another tab's) does not touch this one.
    deliver(client, {
      type: "progress",
      sessionId: SESSION,
      requestId: "someone-elses",
      progress: 5,
      total: 5,
    });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");

    const cancel = await screen.findByRole("button", { name: "Cancel" }, { timeout: 3_000 });
    expect(screen.getByText(/^\d+\.\d s$/)).toBeTruthy();
    await userEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);

    // The request ends: the status goes, and its progress is dropped from the cache.
    await act(async () => {
      request.answer("ok");
      await request.done;
    });
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(client.getQueryData(["inspector", "session", SESSION, "progress", request.id()])).toBeUndefined();
  });

  it("a list walk's page shows only once the walk is slow, as an indeterminate bar", async () => {
    const { client } = renderWithQueries(
      <InFlightStatus
        sessionId={SESSION}
        slot={slots.read(URI)}
        label="Listing"
        onCancel={() => undefined}
      />,
    );
    let request!: ReturnType<typeof startRequest>;
    act(() => {
      request = startRequest(client);
    });
    deliver(client, {
      type: "progress",
      sessionId: SESSION,
      requestId: request.id(),
      page: 3,
      message: "page 3",
      ours: true,
    });
    // Our own measure of a quick walk flashes nothing; once the walk is slow, it shows.
    expect(screen.queryByRole("progressbar")).toBeNull();
    const bar = await screen.findByRole("progressbar", { name: "Listing" }, { timeout: 3_000 });
    expect(bar.getAttribute("aria-valuenow")).toBeNull();
    expect(screen.getByText("page 3")).toBeTruthy();
    await act(async () => {
      request.answer("ok");
      await request.done;
    });
  });
});
