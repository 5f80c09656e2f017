import "server-only";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { HttpLaunch } from "@/lib/api/contract";
import { clip } from "@/lib/limits/bounds";
import {
  maskAuthorization,
  type AuthStateResponse,
  type AuthSummary,
  type OAuthStatus,
} from "@/lib/api/oauth";
import { guardedFetch, type FetchLike } from "../transports/guarded-fetch";
import { authObservingFetch, emptyDiscovery, OAuthStepError, type DiscoveryRecord } from "./auth-fetch";
import { FlowSteps } from "./flow-steps";
import { pendingFlows } from "./pending-flows";
import { InspectorOAuthProvider, type ProviderOptions } from "./provider";
import { serverKey, tokenStore } from "./token-store";

/** Where a sign-in sends the browser back, and how the user is sent to the authorization server. */
export type SignInRoute = Pick<ProviderOptions, "redirectUrl" | "sendUser">;

/**
 * One remote session's OAuth: the SDK provider, the flow's steps, the origins its guarded fetch
 * may contact (the server's own, plus the authorization server once discovered), and where the
 * sign-in stands. The session holds one and asks it three things: did this failed connect stop
 * at the consent step, are we signed in now, and forget everything (sign out).
 */
export class SessionAuth {
  status: OAuthStatus = "none";
  readonly steps: FlowSteps;
  readonly provider: InspectorOAuthProvider;
  /** Live: the transport's guarded fetch checks it on every request. */
  readonly allowedOrigins: Set<string>;
  /** Under the guarded fetch: logs the flow's requests and admits the authorization server. */
  readonly fetchBase: FetchLike;
  private readonly key: string;
  /** The server answered 401 during the current connect attempt. */
  private challenged = false;
  /** What this attempt's discovery found, for a failure that says which document was missing. */
  private discovery: DiscoveryRecord = emptyDiscovery();

  constructor(
    sessionId: string,
    private readonly launch: HttpLaunch,
    limits: { maxMessageBytes: number; requestTimeoutMs: number },
    onChange: () => void,
    /** The app's callback page by default; the one-shot CLI brings its loopback listener. */
    where: SignInRoute = {},
  ) {
    const url = new URL(launch.url);
    this.key = serverKey(url);
    this.steps = new FlowSteps(onChange);
    this.allowedOrigins = new Set([url.origin]);
    this.fetchBase = authObservingFetch({
      mcpUrl: url,
      allowed: this.allowedOrigins,
      steps: this.steps,
      onUnauthorized: () => (this.challenged = true),
      onInsufficientScope: (scope) => this.provider.stepUp(scope),
      timeoutMs: limits.requestTimeoutMs,
      discovery: () => this.discovery,
    });
    const settings = launch.auth ?? {};
    this.provider = new InspectorOAuthProvider({
      serverUrl: url,
      key: this.key,
      settings,
      store: tokenStore(),
      steps: this.steps,
      newState: () => pendingFlows().create(sessionId),
      ...where,
      fetch: guardedFetch({
        allowed: this.allowedOrigins,
        maxBytes: limits.maxMessageBytes,
        onTooLarge: () => undefined,
        base: this.fetchBase,
      }),
    });
    if (settings.clientId)
      this.steps.add(
        "info",
        `Using the pre-registered client ${settings.clientId}${settings.clientSecret ? " (with a client secret)" : ""}.`,
      );
    if (this.credentials()?.tokens) this.steps.add("info", "Tokens from an earlier sign-in are at hand.");
  }

  private get remember(): boolean {
    return this.launch.auth?.remember === true;
  }

  private credentials() {
    return tokenStore().get(this.key, this.remember);
  }

  /** Before a connect attempt: forget the last attempt's authorization URL. */
  beginAttempt(): void {
    this.provider.authorizationUrl = null;
    this.challenged = false;
    this.discovery = emptyDiscovery();
  }

  /**
   * A connect that the server answered with 401 but whose OAuth flow broke before the consent
   * step (no metadata, registration refused…): say so, and which step, instead of the SDK's words.
   */
  describeFailure(cause: Error): string | null {
    if (!this.challenged) return null;
    this.status = "needs-sign-in";
    const url = this.launch.url;
    const d = this.discovery;
    const said = `This server needs sign-in: ${url} answered 401 Unauthorized`;
    // An OAuth request that timed out or could not be sent: its own sentence names the step.
    const step = findCause(cause, OAuthStepError);
    if (step) return `${said}, but ${lowerFirst(step.message)}`;
    if (d.foreignMetadataUrl)
      return `${said} and names its OAuth metadata at ${d.foreignMetadataUrl}, on another origin than the server. The inspector reads a server's metadata only from the server's own origin (a hostile server could send the sign-in elsewhere), so it cannot sign in here. If the server also takes an API key or token, add it as a header.`;
    if (d.resourceMetadata !== "found" && d.serverMetadata !== "found")
      return `${url} answered 401 Unauthorized and publishes no OAuth metadata: no protected-resource document (RFC 9728, /.well-known/oauth-protected-resource…) and no authorization-server document (RFC 8414) at ${new URL(url).origin}. It most likely wants credentials in a header: add its API key or an Authorization header in the review step. Or it does not offer OAuth sign-in at all.`;
    if (d.resourceMetadata === "found" && d.serverMetadata !== "found")
      return `${said}; its metadata names the authorization server ${d.authorizationServer ?? "(none)"}, which publishes no metadata document (/.well-known/oauth-authorization-server and /.well-known/openid-configuration answered 404), so sign-in cannot start. The server's operator must publish it.`;
    const failed = this.steps
      .list()
      .reverse()
      .find((s) => s.kind === "error");
    const why = clip(schemaIssues(cause) ?? cause.message, 300);
    return `${said}, but its OAuth flow failed${failed ? ` at ${failed.text}` : ""} (${why}).`;
  }

  /** A connect failed: true if it failed because the user must consent (the SDK stopped there). */
  awaitingConsent(cause: unknown): boolean {
    if (!(cause instanceof UnauthorizedError) || !this.provider.authorizationUrl) return false;
    this.status = "needs-sign-in";
    return true;
  }

  get authorizationUrl(): string | null {
    return this.provider.authorizationUrl?.href ?? null;
  }

  /** Connected: signed in if a token was used. */
  connected(): void {
    const token = this.credentials()?.tokens?.access_token;
    if (!token) return;
    this.status = "signed-in";
    this.provider.authorizationUrl = null;
    this.steps.add(
      "ok",
      `Connected: requests to ${this.launch.url} carry Authorization: ${maskAuthorization(`Bearer ${token}`)}.`,
    );
  }

  /** The authorization server sent the browser back with an error instead of a code. */
  refused(error: string): void {
    this.status = "needs-sign-in";
    this.steps.add("error", `The authorization server answered "${error}" instead of a code.`);
  }

  signOut(sessionId: string): void {
    this.provider.forgetClient();
    tokenStore().forget(this.key);
    pendingFlows().dropFor(sessionId);
    this.provider.authorizationUrl = null;
    this.provider.invalidateCredentials("verifier");
    this.status = "needs-sign-in";
    this.steps.add(
      "info",
      `Signed out: tokens and client registration forgotten${this.remember ? " (and removed from the tokens file)" : ""}.`,
    );
  }

  summary(): AuthSummary {
    return { status: this.status, remember: this.remember, steps: this.steps.count };
  }

  state(): AuthStateResponse {
    const c = this.credentials();
    return {
      ...this.summary(),
      log: this.steps.list(),
      clientId: this.provider.clientInformation()?.client_id ?? this.launch.auth?.clientId ?? null,
      scope: c?.tokens?.scope ?? null,
      expiresAt: c?.expiresAt !== undefined ? new Date(c.expiresAt).toISOString() : null,
    };
  }
}

/** The first error of that class in `err`'s cause chain. */
function findCause<T extends Error>(err: unknown, type: new (...args: never[]) => T): T | null {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    if (e instanceof type) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function lowerFirst(text: string): string {
  return text.replace(/^The /, "the ");
}

/** A zod error (the SDK checks metadata documents with zod) as "path: message; …", or null. */
function schemaIssues(err: unknown): string | null {
  const issues = (err as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const parts = issues.slice(0, 5).map((i: { path?: unknown; message?: unknown }) => {
    const path = Array.isArray(i.path) ? i.path.join(".") : "";
    return `${path || "(document)"}: ${typeof i.message === "string" ? i.message : "invalid"}`;
  });
  return `a document did not follow its schema: ${parts.join("; ")}`;
}
