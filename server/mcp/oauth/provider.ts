import "server-only";
import {
  auth,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { HttpAuthSettings } from "@/lib/api/contract";
import { maskAuthorization } from "@/lib/api/oauth";
import type { FetchLike } from "../transports/guarded-fetch";
import type { FlowSteps } from "./flow-steps";
import { issuerKey, type TokenStore } from "./token-store";

/** Refresh this long before the access token expires, so no request goes out with a dead one. */
export const REFRESH_MARGIN_MS = 30_000;

/**
 * The inspector's own callback page, on the origin the launcher serves (it sets
 * MCP_INSPECTOR_ORIGIN once it listens; tests and `next dev` fall back to loopback + port).
 */
export function callbackUrl(): string {
  const origin =
    process.env.MCP_INSPECTOR_ORIGIN ?? `http://127.0.0.1:${process.env.MCP_INSPECTOR_PORT ?? "6280"}`;
  return `${origin}/oauth/callback`;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Whether a registered client may be sent back to `redirect`: one of its redirect URIs is it, or
 * differs only in the port of a loopback address (RFC 8252 §7.3: the authorization server MUST
 * allow any port there; the MCP spec's authorization section says the same). So the CLI's
 * loopback listener, on a new free port each run, keeps one registration per issuer and redirect
 * (token-store.ts `clientKey`); a server that refuses anyway is handled by server/cli/sign-in.ts
 * (it re-registers once).
 */
export function coversRedirect(info: OAuthClientInformationMixed, redirect: string): boolean {
  const uris = "redirect_uris" in info ? info.redirect_uris : undefined;
  if (!uris || uris.length === 0) return true;
  let want: URL;
  try {
    want = new URL(redirect);
  } catch {
    return false;
  }
  return uris.some((uri) => {
    if (uri === redirect) return true;
    try {
      const have = new URL(uri);
      return (
        LOOPBACK.has(want.hostname) &&
        have.hostname === want.hostname &&
        have.protocol === want.protocol &&
        have.pathname === want.pathname &&
        have.search === want.search
      );
    } catch {
      return false;
    }
  });
}

/** 30 s, or a quarter of a short-lived token's lifetime (else every request would refresh it). */
function refreshMargin(tokens: OAuthTokens): number {
  const lifetime = (tokens.expires_in ?? Infinity) * 1000;
  return Math.min(REFRESH_MARGIN_MS, lifetime / 4);
}

export interface ProviderOptions {
  serverUrl: URL;
  key: string;
  settings: HttpAuthSettings;
  store: TokenStore;
  steps: FlowSteps;
  /** A fresh pending flow's `state` (see pending-flows.ts). */
  newState: () => string;
  /** The session's guarded fetch, for a refresh the inspector starts itself. */
  fetch: FetchLike;
  /**
   * Where the authorization server sends the browser back: the app's /oauth/callback page by
   * default; the one-shot CLI's loopback listener (server/cli/sign-in.ts) otherwise.
   */
  redirectUrl?: string;
  /** Where to send the user: called with each authorization URL (the CLI prints and opens it). */
  sendUser?: (url: URL) => void;
}

/**
 * The SDK's `OAuthClientProvider` for one remote server. The SDK runs the protocol (discovery,
 * registration, PKCE S256, the `resource` parameter, code exchange, refresh on 401); this class
 * keeps what it hands over — per server, in memory or remembered — logs each step for the panel,
 * and refreshes a token that is about to expire before it is used.
 */
export class InspectorOAuthProvider implements OAuthClientProvider {
  /** Set when the SDK stopped at the consent step: where the browser must go. */
  authorizationUrl: URL | null = null;
  private verifier: string | null = null;
  private discovery: OAuthDiscoveryState | undefined;
  private refreshing: Promise<void> | null = null;
  /**
   * The server asked for more scope (403 insufficient_scope). The SDK's `auth()` would refresh
   * (which never widens a grant) and fail again; with the refresh token held back it goes to a
   * new authorization with the wider scope the challenge named. Until the browser is sent.
   */
  private steppingUp = false;
  /** This provider registered (or adopted a metadata document as) the client it uses. */
  registeredHere = false;

  constructor(private readonly o: ProviderOptions) {}

  private get remember(): boolean {
    return this.o.settings.remember === true;
  }

  get redirectUrl(): string {
    return this.o.redirectUrl ?? callbackUrl();
  }

  /** The authorization server discovery found (the SDK's binding key for a client). */
  private get issuer(): string | undefined {
    const url = this.discovery?.authorizationServerUrl;
    return url ? issuerKey(url) : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "MCP Resource Inspector",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...(this.o.settings.scope ? { scope: this.o.settings.scope } : {}),
    };
  }

  state(): string {
    return this.o.newState();
  }

  /** The SDK uses it as the client id when the authorization server accepts metadata documents. */
  get clientMetadataUrl(): string | undefined {
    return this.o.settings.clientMetadataUrl;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { clientId, clientSecret } = this.o.settings;
    if (clientId) return { client_id: clientId, ...(clientSecret ? { client_secret: clientSecret } : {}) };
    // One registration per authorization server and redirect (token-store.ts `clientKey`), else
    // the issuer's from before redirects were in the key; a version-1 file kept it per server.
    const issuer = this.issuer;
    const redirect = this.redirectUrl;
    const candidates = [
      issuer ? this.o.store.client(issuer, this.remember, redirect) : undefined,
      issuer ? this.o.store.client(issuer, this.remember) : undefined,
      this.o.store.get(this.o.key, this.remember)?.clientInformation,
    ];
    // A client registered for another callback (the app's page on another host, or a path we
    // no longer use) would be refused at the authorization endpoint: none, so the SDK registers.
    return candidates.find((c) => c !== undefined && coversRedirect(c, redirect));
  }

  /** Drop this redirect's client at the issuer, and the issuer-only one if it served this redirect. */
  private dropClient(issuer: string): void {
    this.o.store.setClient(issuer, this.remember, undefined, this.redirectUrl);
    const old = this.o.store.client(issuer, this.remember);
    if (old && coversRedirect(old, this.redirectUrl))
      this.o.store.setClient(issuer, this.remember, undefined);
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    // A pre-registered client lives in the launch; the SDK only stamps it with the issuer here.
    if (this.o.settings.clientId) return;
    const issuer = info.issuer ?? this.issuer;
    const before = this.clientInformation()?.client_id;
    if (issuer) {
      // Beside the clients registered for other redirects (the app's, the CLI's): never over them.
      const old = this.o.store.client(issuer, this.remember);
      if (old && coversRedirect(old, this.redirectUrl))
        this.o.store.setClient(issuer, this.remember, undefined);
      this.o.store.setClient(issuer, this.remember, info, this.redirectUrl);
      // Moved to its issuer: the server's version-1 copy is not read again.
      if (this.o.store.get(this.o.key, this.remember)?.clientInformation)
        this.o.store.update(this.o.key, this.remember, { clientInformation: undefined });
    } else this.o.store.update(this.o.key, this.remember, { clientInformation: info });
    if (info.client_id === before) return;
    this.registeredHere = true;
    const document = this.o.settings.clientMetadataUrl;
    if (document && info.client_id === document)
      this.o.steps.add(
        "ok",
        `Client id is the metadata document ${document}: the authorization server accepts Client ID Metadata Documents and fetches it itself; nothing registered.`,
      );
    else {
      if (document)
        this.o.steps.add(
          "info",
          `The authorization server does not accept Client ID Metadata Documents (its metadata lacks client_id_metadata_document_supported): registering dynamically instead of using ${document}.`,
        );
      this.o.steps.add(
        "ok",
        `Registered client ${info.client_id} (dynamic client registration, RFC 7591)${
          info.client_secret ? "; it has a client secret, kept server-side" : "; a public client, no secret"
        }.`,
      );
    }
  }

  /** A 403 insufficient_scope: the next `auth()` asks for consent instead of refreshing. */
  stepUp(scope: string | undefined): void {
    this.steppingUp = true;
    this.o.steps.add(
      "info",
      `The server wants more scope (403 insufficient_scope${scope ? `, scope "${scope}"` : ""}): asking for consent again (a refresh cannot widen a grant).`,
    );
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const stored = this.o.store.get(this.o.key, this.remember);
    if (this.steppingUp && stored?.tokens) {
      const { refresh_token: _held, ...access } = stored.tokens;
      return access;
    }
    if (
      stored?.tokens?.refresh_token &&
      stored.expiresAt !== undefined &&
      stored.expiresAt - Date.now() < refreshMargin(stored.tokens) &&
      !this.refreshing
    ) {
      await this.refreshNow(stored.expiresAt);
    }
    return this.o.store.get(this.o.key, this.remember)?.tokens;
  }

  /** The SDK's `auth()` with a refresh token refreshes; the flag keeps tokens() from recursing. */
  private refreshNow(expiresAt: number): Promise<void> {
    const due = expiresAt <= Date.now() ? "expired" : "about to expire";
    this.o.steps.add("info", `The access token is ${due}: refreshing it before the next request.`);
    this.refreshing = auth(this, { serverUrl: this.o.serverUrl, fetchFn: this.o.fetch })
      .then(
        (result) => {
          if (result !== "AUTHORIZED")
            this.o.steps.add("error", "Refresh failed: the user must sign in again.");
        },
        (err: unknown) =>
          this.o.steps.add("error", `Refresh failed: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  saveTokens(tokens: OAuthTokens): void {
    const expiresAt = tokens.expires_in !== undefined ? Date.now() + tokens.expires_in * 1000 : undefined;
    const fileNote = this.o.store.update(this.o.key, this.remember, { tokens, expiresAt });
    const expiry =
      expiresAt !== undefined
        ? `expires in ${tokens.expires_in} s (${new Date(expiresAt).toISOString()})`
        : "no expiry given";
    this.o.steps.add(
      "ok",
      `Access token received (Authorization: ${maskAuthorization(`Bearer ${tokens.access_token}`)}); scope "${
        tokens.scope ?? "(not stated)"
      }"; ${expiry}; refresh token: ${tokens.refresh_token ? "yes" : "no"}${
        !this.remember ? "; kept in memory" : fileNote ? "" : "; remembered in the config directory"
      }.`,
    );
    // The tokens file was moved aside, or not written (a newer version's): the next step says which.
    if (fileNote) this.o.steps.add("error", fileNote);
  }

  redirectToAuthorization(url: URL): void {
    this.steppingUp = false;
    this.authorizationUrl = url;
    this.o.sendUser?.(url);
    const p = url.searchParams;
    this.o.steps.add(
      "info",
      `Authorization request ready for ${url.origin}${url.pathname}: client ${p.get("client_id") ?? "?"}, PKCE ${
        p.get("code_challenge_method") ?? "none"
      }, resource ${p.get("resource") ?? "(none)"}, scope "${p.get("scope") ?? ""}", redirect to ${
        p.get("redirect_uri") ?? "?"
      }. Waiting for the user's consent.`,
    );
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error("No sign-in is in progress for this server.");
    return this.verifier;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "verifier") this.verifier = null;
    if (scope === "discovery" || scope === "all") this.discovery = undefined;
    if (scope === "tokens" || scope === "all")
      this.o.store.update(this.o.key, this.remember, { tokens: undefined, expiresAt: undefined });
    if ((scope === "client" || scope === "all") && !this.o.settings.clientId) {
      const issuer = this.issuer;
      if (issuer) this.dropClient(issuer);
      this.o.store.update(this.o.key, this.remember, { clientInformation: undefined });
    }
    if (scope !== "verifier")
      this.o.steps.add(
        "info",
        `The authorization server refused our ${scope === "all" ? "client and tokens" : scope}: dropped.`,
      );
  }

  /**
   * A client kept from an earlier run (dynamic registration, not the launch's own): the one-shot
   * CLI may drop it when the authorization server refuses the redirect it now has.
   */
  get reusesStoredClient(): boolean {
    return !this.o.settings.clientId && !this.registeredHere && this.clientInformation() !== undefined;
  }

  /** Sign out: the client registered at this server's authorization server goes too. */
  forgetClient(): void {
    const issuer = this.issuer;
    if (issuer && !this.o.settings.clientId) this.dropClient(issuer);
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const first = this.discovery === undefined;
    this.discovery = state;
    if (!first) return;
    const prm = state.resourceMetadata;
    this.o.steps.add(
      prm ? "ok" : "info",
      prm
        ? `Protected resource metadata (RFC 9728): resource ${prm.resource}; authorization servers ${(
            prm.authorization_servers ?? []
          ).join(", ")}; scopes ${prm.scopes_supported?.join(" ") ?? "(not listed)"}.`
        : `No protected resource metadata: using ${state.authorizationServerUrl} (the server's own origin) as the authorization server.`,
    );
    const asm = state.authorizationServerMetadata;
    this.o.steps.add(
      asm ? "ok" : "info",
      asm
        ? `Authorization server metadata for ${state.authorizationServerUrl}: issuer ${asm.issuer}; authorize ${
            asm.authorization_endpoint
          }; token ${asm.token_endpoint}; registration ${asm.registration_endpoint ?? "(none)"}; PKCE ${
            asm.code_challenge_methods_supported?.join(", ") ?? "(not stated)"
          }; scopes ${asm.scopes_supported?.join(" ") ?? "(not listed)"}.`
        : `No authorization server metadata at ${state.authorizationServerUrl} (tried the OAuth and OpenID Connect well-known paths): using its default endpoints.`,
    );
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
}
