/**
 * The OAuth sign-in of a remote server as the page sees it (issue 11): where the flow stands and
 * the steps it took — never a token, a client secret or a code. The flow itself runs in
 * server/mcp/oauth/ with the SDK's client.
 */

/** `none`: the server never asked for sign-in. */
export type OAuthStatus = "none" | "needs-sign-in" | "signed-in";

/** What every session summary carries for an HTTP server. */
export interface AuthSummary {
  status: OAuthStatus;
  /** Tokens kept in the user's config directory (0600) rather than memory only. */
  remember: boolean;
  /** How many steps the flow has logged: a change tells the page to fetch them again. */
  steps: number;
}

export interface AuthStep {
  at: string;
  kind: "info" | "ok" | "error";
  text: string;
}

/** GET /api/sessions/{id}/auth */
export interface AuthStateResponse extends AuthSummary {
  log: AuthStep[];
  /** The registered (or pre-registered) client id; never its secret. */
  clientId: string | null;
  scope: string | null;
  /** When the current access token expires, if the server said. */
  expiresAt: string | null;
}

/** POST /api/sessions/{id}/auth/sign-in: where to send the browser, or null when no consent is needed. */
export interface SignInResponse {
  authorizationUrl: string | null;
}

/** An Authorization header as the UI may show it: the scheme and the last 4 characters only. */
export function maskAuthorization(value: string): string {
  const match = /^(\S+)\s+(\S+)$/.exec(value.trim());
  const scheme = match?.[1] ?? "";
  const secret = match?.[2] ?? value.trim();
  const tail = secret.length > 8 ? secret.slice(-4) : "";
  return `${scheme ? `${scheme} ` : ""}…${tail}`;
}
