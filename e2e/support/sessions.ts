import { expect, type APIRequestContext } from "@playwright/test";
import { E2E_TOKEN } from "../../playwright.config";

const auth = { Authorization: `Bearer ${E2E_TOKEN}` };

/** Disconnects every server the app holds (each DELETE answers 204 once its process tree is gone). */
export async function deleteAllSessions(request: APIRequestContext): Promise<void> {
  const res = await request.get("/api/sessions", { headers: auth });
  for (const s of ((await res.json()) as { sessions: { id: string }[] }).sessions) {
    expect((await request.delete(`/api/sessions/${s.id}`, { headers: auth })).status()).toBe(204);
  }
}

/** Starts the built-in demo server through the API; its session id. */
export async function startDemoSession(
  request: APIRequestContext,
  env: Record<string, string> = {},
): Promise<string> {
  const res = await request.post("/api/sessions", {
    headers: { ...auth, "Content-Type": "application/json" },
    data: { preset: "demo", env },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
