import "server-only";
import { randomBytes } from "node:crypto";

/** How long a user may take on the authorization server's pages before the flow is void. */
export const PENDING_FLOW_TTL_MS = 10 * 60_000;
const MAX_PENDING = 200;

export interface PendingFlow {
  sessionId: string;
  expiresAt: number;
}

/**
 * Sign-ins waiting for the browser to come back to /oauth/callback, by their OAuth `state`:
 * 32 random bytes (unguessable), taken once (single use), void after ten minutes. The callback
 * finishes a flow only through this map, so a forged or replayed callback changes nothing.
 */
export class PendingFlows {
  private readonly flows = new Map<string, PendingFlow>();

  create(sessionId: string, now = Date.now()): string {
    for (const [state, flow] of this.flows) if (flow.expiresAt <= now) this.flows.delete(state);
    // Oldest first (Map keeps insertion order): a flood of sign-in clicks cannot grow it forever.
    while (this.flows.size >= MAX_PENDING) {
      const oldest = this.flows.keys().next().value;
      if (oldest === undefined) break;
      this.flows.delete(oldest);
    }
    const state = randomBytes(32).toString("base64url");
    this.flows.set(state, { sessionId, expiresAt: now + PENDING_FLOW_TTL_MS });
    return state;
  }

  /** The flow for this state, removed so it cannot be used again; null if unknown or expired. */
  take(state: string, now = Date.now()): PendingFlow | null {
    const flow = this.flows.get(state);
    if (!flow) return null;
    this.flows.delete(state);
    return flow.expiresAt > now ? flow : null;
  }

  /** A session's earlier flows, void once it starts a new one or signs out. */
  dropFor(sessionId: string): void {
    for (const [state, flow] of this.flows) if (flow.sessionId === sessionId) this.flows.delete(state);
  }
}

const g = globalThis as typeof globalThis & { __mcpOAuthPending?: PendingFlows };

/** Shared by every route bundle (the sign-in route creates, the callback page takes). */
export function pendingFlows(): PendingFlows {
  return (g.__mcpOAuthPending ??= new PendingFlows());
}
