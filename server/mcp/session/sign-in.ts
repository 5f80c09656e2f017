import "server-only";
import { SessionNotConnectedError, SignInRequiredError } from "../session-errors";
import type { SessionAuth } from "../oauth/session-auth";
import type { SessionConnection } from "./connection";

/** What the sign-in asks of the session it belongs to. */
export interface SignInHost {
  readonly id: string;
  readonly name: string;
  readonly auth: SessionAuth | null;
  reconnect(): Promise<void>;
  close(): Promise<void>;
  /** The summary changed: tell every tab. */
  changed(): void;
}

/**
 * A remote server's OAuth sign-in as the user drives it: start (or restart) the flow, finish it
 * when the browser comes back, sign out. The protocol is the SDK's and the state SessionAuth's;
 * this is the order of things around the connection.
 */
export class SignInFlow {
  constructor(
    private readonly host: SignInHost,
    private readonly connection: SessionConnection,
  ) {}

  /**
   * Connect again; if the server still wants consent, the SDK has produced a fresh authorization
   * URL (a new pending flow) for the page to send the browser to.
   */
  async signIn(): Promise<string | null> {
    const auth = this.requireAuth();
    if (this.connection.status === "connected") return null;
    try {
      await this.host.reconnect();
      return null;
    } catch (err) {
      if (err instanceof SignInRequiredError && auth.authorizationUrl) return auth.authorizationUrl;
      throw err;
    }
  }

  /** The browser came back with a code (its state already checked): tokens, then connect. */
  async finish(result: { code: string } | { error: string }): Promise<void> {
    const auth = this.requireAuth();
    const transport = this.connection.transport;
    if (!transport.finishAuth) throw new SessionNotConnectedError(this.host.name, "not a remote server");
    if ("error" in result) return auth.refused(result.error);
    await transport.finishAuth(result.code);
    if (this.connection.status === "disconnected") await this.host.reconnect();
  }

  /** Forget the tokens (and their stored copy) and end the connection they opened. */
  async signOut(): Promise<void> {
    this.requireAuth().signOut(this.host.id);
    if (this.connection.status === "disconnected") return this.host.changed();
    await this.host.close();
    this.connection.markDisconnected("Signed out: sign in again to connect.", true);
  }

  private requireAuth(): SessionAuth {
    if (!this.host.auth) throw new SessionNotConnectedError(this.host.name, "not a remote server");
    return this.host.auth;
  }
}
