import { afterEach, expect, vi } from "vitest";
import { writeToken } from "@/components/auth/api-token";

export interface StubbedRequest {
  method: string;
  /** Path and query, as the API client sent them. */
  path: string;
  body: unknown;
}

/** An answer: a JSON body with 200, or a status with the API's error envelope. */
export type StubAnswer =
  { json: unknown } | { status: number; code: string; message: string; mcpCode?: number };

/**
 * The backend at the network boundary, for the tests of one file: a token is known (so the app's
 * API client sends instead of refusing) and `fetch` answers from `routes` ("POST /api/…" →
 * answer, or a function of the request). A request no route names fails the test (after it
 * ends, naming the path). Every request is kept in `requests`, in order.
 */
export function stubApi() {
  const requests: StubbedRequest[] = [];
  const unrouted: string[] = [];
  let routes: Record<string, StubAnswer | ((request: StubbedRequest) => StubAnswer)> = {};
  // The API client always passes a path string.
  const fetchStub = vi.fn((input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, "http://127.0.0.1");
    const method = init?.method ?? "GET";
    const text = typeof init?.body === "string" ? init.body : undefined;
    const request: StubbedRequest = {
      method,
      path: `${url.pathname}${url.search}`,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(request);
    const route = routes[`${method} ${request.path}`];
    if (!route) {
      unrouted.push(`${method} ${request.path}`);
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    const answer = typeof route === "function" ? route(request) : route;
    if ("json" in answer) {
      return Promise.resolve(Response.json(answer.json));
    }
    const { status, ...error } = answer;
    return Promise.resolve(Response.json({ error }, { status }));
  });

  afterEach(() => {
    const missed = unrouted.splice(0);
    vi.unstubAllGlobals();
    requests.length = 0;
    routes = {};
    // No token again (an empty one counts as none): the next test starts as the app does.
    writeToken("");
    expect(missed, "requests no stubbed route answered").toEqual([]);
  });

  return {
    requests,
    /** Call in a test: the token is set and `fetch` answers from these routes. */
    serve(next: typeof routes) {
      routes = next;
      writeToken("test-token");
      vi.stubGlobal("fetch", fetchStub);
    },
  };
}
