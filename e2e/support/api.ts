import { expect, type APIRequestContext } from "@playwright/test";
import type { ReadResponse, SessionSummary } from "../../lib/api/contract";

/**
 * The app's HTTP API as a spec drives it, through the test's own request context with the e2e
 * token (specs get one as the `api` fixture from e2e/fixtures.ts).
 */
export class InspectorApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly auth: Readonly<Record<string, string>>,
  ) {}

  /** A GET that must answer 200; its JSON body. */
  async getJson<T>(path: string): Promise<T> {
    const res = await this.request.get(path, { headers: this.auth });
    expect(res.status()).toBe(200);
    return (await res.json()) as T;
  }

  /** The servers the app holds. */
  async sessions(): Promise<SessionSummary[]> {
    return (await this.getJson<{ sessions: SessionSummary[] }>("/api/sessions")).sessions;
  }

  /** The one server the app holds (there must be exactly one). */
  async onlySession(): Promise<SessionSummary> {
    const [session, ...rest] = await this.sessions();
    expect(rest).toHaveLength(0);
    return session!;
  }

  /** A read of `uri` through the app, as the page makes it (must answer 200). */
  read(sessionId: string, uri: string): Promise<ReadResponse> {
    return this.getJson<ReadResponse>(`/api/sessions/${sessionId}/read?uri=${encodeURIComponent(uri)}`);
  }

  /** Disconnects one server: the DELETE answers 204 once its process tree is gone. */
  async deleteSession(id: string): Promise<void> {
    expect((await this.request.delete(`/api/sessions/${id}`, { headers: this.auth })).status()).toBe(204);
  }

  /** Disconnects every server the app holds. */
  async deleteAll(): Promise<void> {
    const res = await this.request.get("/api/sessions", { headers: this.auth });
    for (const s of ((await res.json()) as { sessions: { id: string }[] }).sessions)
      await this.deleteSession(s.id);
  }

  /** Starts a server from a POST /api/sessions body; its session id. */
  async createSession(body: object): Promise<string> {
    const res = await this.request.post("/api/sessions", {
      headers: { ...this.auth, "Content-Type": "application/json" },
      data: body,
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** Starts the built-in demo server; its session id. */
  startDemo(env: Record<string, string> = {}): Promise<string> {
    return this.createSession({ preset: "demo", env });
  }

  /** Makes the server change the way an author's tool would: outside the page. */
  async callTool(sessionId: string, name: string, args: object): Promise<void> {
    const res = await this.request.post(`/api/sessions/${sessionId}/tools`, {
      headers: this.auth,
      data: { name, arguments: args },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { isError?: boolean }).isError ?? false).toBe(false);
  }
}
