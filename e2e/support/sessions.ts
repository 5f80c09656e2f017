import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_TOKEN } from "../../playwright.config";

const auth = { Authorization: `Bearer ${E2E_TOKEN}` };

/** Disconnects every server the app holds (each DELETE answers 204 once its process tree is gone). */
export async function deleteAllSessions(request: APIRequestContext): Promise<void> {
  const res = await request.get("/api/sessions", { headers: auth });
  for (const s of ((await res.json()) as { sessions: { id: string }[] }).sessions) {
    expect((await request.delete(`/api/sessions/${s.id}`, { headers: auth })).status()).toBe(204);
  }
}

/** A measured figure: in the report's annotations and on stdout. */
export function recordMeasure(type: string, description: string): void {
  test.info().annotations.push({ type, description });
  console.log(`[measure] ${type}: ${description}`);
}
