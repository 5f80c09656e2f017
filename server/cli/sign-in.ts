/**
 * OAuth sign-in for the one-shot commands (`resources`, `subscribe`, `lint`, `hosts`, `check`),
 * headless: the app's flow (server/mcp/oauth, the SDK's `auth()`), with the browser sent back to a
 * loopback listener of this process instead of the app's /oauth/callback page.
 *
 * 1. Before the connect, listen on loopback and give the session its redirect URL. Without a
 *    port, a free one and `http://127.0.0.1:PORT/oauth/callback` (the app's path; any port is the
 *    same loopback redirect, RFC 8252 §7.3). With a fixed one (`--callback-port N`, or a config's
 *    Claude Code `oauth.callbackPort`) exactly Claude Code's `http://localhost:N/callback` — its
 *    host and path are fixed, only the port is configurable (code.claude.com/docs/en/mcp, "Use a
 *    fixed OAuth callback port"; anthropics/claude-code#66511) — so a client pre-registered for
 *    Claude Code, whose authorization server matches the redirect exactly, works here too.
 * 2. The connect stops at the consent step: print the authorization URL to stderr, open
 *    `$BROWSER` (else the system opener) unless `--no-open`, wait for the callback — its `state`
 *    must name this session's pending flow (pending-flows.ts: unguessable, single use) — answer a
 *    small page, then exchange the code (PKCE) and connect. A timeout says where it waited.
 * 3. Tokens are remembered by default (tokens.json, shared with the app's "remember"), so the next
 *    run signs in without a browser; `--no-remember` keeps them in memory for this run only.
 * 4. A request refused later for want of consent (the grant ended, or a 403 insufficient_scope
 *    step-up the SDK could not satisfy with a refresh) signs in again and retries, at most twice.
 */
import type { LaunchSpec } from "@/lib/api/contract";
import { maySignIn } from "@/lib/launch/session-kinds";
import { callbackPage } from "../mcp/oauth/callback-page";
import { pendingFlows } from "../mcp/oauth/pending-flows";
import type { SignInRoute } from "../mcp/oauth/session-auth";
import type { CheckSignIn } from "../check/runner";
import type { McpSession } from "../mcp/session";
import { SessionNotConnectedError, SignInRequiredError } from "../mcp/session-errors";
import { listenLoopback, type LoopbackListener } from "./loopback-listener";
import { openBrowser } from "./open-browser";

/** The help lines every one-shot command shows for these options. */
export const SIGN_IN_HELP = `OAuth sign-in (a server URL that needs it): the authorization URL is printed to stderr
and opened in $BROWSER (else the system opener); the browser comes back to this machine.
  --no-open              print the URL only; do not open a browser
  --callback-port N      the callback is http://localhost:N/callback, as Claude Code's with that
                         port (a client pre-registered for it works); default: a free port,
                         http://127.0.0.1:PORT/oauth/callback (also a config's oauth.callbackPort)
  --no-remember          keep tokens for this run only (default: remembered in tokens.json
                         in the config folder, shared with the app, so the next run needs no browser)
  --client-id ID, --client-secret S, --client-metadata-url URL, --scope "a b"   (with a URL)`;

/** How long the browser may take: the authorization server's pages are a human's. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;
/** Sign-ins one command may run (a step-up, a grant that ended) before it gives up. */
const MAX_SIGN_INS = 3;
/** The callback without a fixed port: the app's own path, on 127.0.0.1. */
const CALLBACK_PATH = "/oauth/callback";
/** Claude Code's, with a fixed port: `http://localhost:PORT/callback`. */
const CLAUDE_CODE_PATH = "/callback";

export interface CliSignInOptions {
  /** false: `--no-open`. */
  open: boolean;
  callbackPort?: number;
  timeoutMs?: number;
  /** One line to the user (stderr). */
  log: (line: string) => void;
}

type Answer = { code: string } | { error: string };

/**
 * The one-shot default for a launch: remember unless the user said `--no-remember`. A launch with
 * its own Authorization header never signs in, so it is left as given.
 */
export function cliLaunch(launch: LaunchSpec): LaunchSpec {
  if (launch.kind !== "http" || !maySignIn(launch)) return launch;
  if (launch.auth?.remember !== undefined) return launch;
  return { ...launch, auth: { ...launch.auth, remember: true } };
}

/**
 * `check`'s sign-in (server/check/runner.ts CheckSignIn): one listener per check's server. With a
 * fixed `--callback-port`, remote checks take the port in turn (they run in parallel otherwise).
 */
export function checkSignIn(options: CliSignInOptions & { remember?: boolean }): CheckSignIn {
  let previous: Promise<void> = Promise.resolve();
  return {
    async prepare(launch) {
      const wanted = cliLaunch(
        options.remember === undefined || launch.kind !== "http"
          ? launch
          : { ...launch, auth: { ...launch.auth, remember: options.remember } },
      );
      // The command line's port, else the check's server's (Claude Code's oauth.callbackPort).
      const callbackPort =
        options.callbackPort ?? (wanted.kind === "http" ? wanted.auth?.callbackPort : undefined);
      let release = () => {};
      if (callbackPort && maySignIn(wanted)) {
        const turn = previous;
        previous = new Promise<void>((done) => (release = done));
        await turn;
      }
      const signIn = await CliSignIn.forLaunch(wanted, {
        ...options,
        ...(callbackPort !== undefined ? { callbackPort } : {}),
      }).catch((err: unknown) => {
        release();
        throw err;
      });
      return {
        launch: wanted,
        route: signIn.route,
        connect: (session) => signIn.connect(session),
        close: () => signIn.close().finally(release),
        run: (session, op) => signIn.run(session, op),
        waitMs: signIn.route ? (options.timeoutMs ?? SIGN_IN_TIMEOUT_MS) : 0,
      };
    },
  };
}

export class CliSignIn {
  private server: LoopbackListener | null = null;
  private sessionId: string | null = null;
  private waiting: { resolve: (a: Answer) => void } | null = null;
  /** A callback that came before we waited for it (the browser can be quick). */
  private early: Answer | null = null;
  private url: URL | null = null;

  private constructor(private readonly options: CliSignInOptions) {}

  /**
   * For any launch: a remote one that may sign in gets its listener now, before the connect needs
   * its port; for the others every method is the plain session call.
   */
  static async forLaunch(launch: LaunchSpec, options: CliSignInOptions): Promise<CliSignIn> {
    const signIn = new CliSignIn(options);
    // The session's own decision (lib/launch/session-kinds.ts): no listener for ws:// or a capture.
    if (maySignIn(launch)) await signIn.listen();
    return signIn;
  }

  /** A fixed port is one a client may be pre-registered with: Claude Code's form of redirect. */
  private get claudeCodeForm(): boolean {
    return (this.options.callbackPort ?? 0) > 0;
  }

  private get callbackPath(): string {
    return this.claudeCodeForm ? CLAUDE_CODE_PATH : CALLBACK_PATH;
  }

  private get redirectUrl(): string {
    const host = this.claudeCodeForm ? "localhost" : "127.0.0.1";
    return `http://${host}:${this.server?.port ?? 0}${this.callbackPath}`;
  }

  /** What the session's OAuth provider is given (session-auth.ts SignInRoute); none without a listener. */
  get route(): SignInRoute | undefined {
    if (!this.server) return undefined;
    return { redirectUrl: this.redirectUrl, sendUser: (url) => (this.url = url) };
  }

  /** `session.connect()`, signing in when the server wants consent. */
  async connect(session: McpSession): Promise<void> {
    this.sessionId = session.id;
    try {
      await session.connect();
    } catch (err) {
      if (!(err instanceof SignInRequiredError) || !this.server) throw err;
      await this.signIn(session, 1);
    }
  }

  /** An operation on a connected session, signed in again (and retried) if it lost its grant. */
  async run<T>(session: McpSession, op: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await op();
      } catch (err) {
        const lost =
          this.server !== null &&
          err instanceof SessionNotConnectedError &&
          session.auth?.status === "needs-sign-in";
        if (!lost || attempt >= MAX_SIGN_INS) throw err;
        await this.signIn(session, attempt);
      }
    }
  }

  /**
   * A session that lost its grant outside any call of ours (a watch's re-read refused for want of
   * scope, while `subscribe` waits for updates): sign in again, which reconnects it and
   * re-subscribes its watches. False when it has not lost one, or cannot sign in here.
   */
  async regain(session: McpSession): Promise<boolean> {
    if (!this.server || session.status !== "disconnected" || session.auth?.status !== "needs-sign-in")
      return false;
    await this.signIn(session, 1);
    return true;
  }

  /** Consent in the browser, the code exchanged, connected; again if the server still wants one. */
  private async signIn(session: McpSession, attempt: number): Promise<void> {
    this.sessionId = session.id;
    for (let n = attempt; ; n++) {
      const made =
        this.url ?? (session.auth?.authorizationUrl ? new URL(session.auth.authorizationUrl) : null);
      if (!made) throw new Error(`${session.name} needs sign-in, but no authorization URL was made.`);
      this.url = null;
      const url = await this.registeredRedirect(session, made);
      this.sendUser(session.name, url);
      const answer = await this.callback();
      try {
        await session.finishSignIn(answer);
      } catch (err) {
        if (!(err instanceof SignInRequiredError) || n >= MAX_SIGN_INS) throw err;
        continue;
      }
      if ("error" in answer)
        throw new Error(
          `Sign-in refused: the authorization server answered "${answer.error.slice(0, 200)}".`,
        );
      if (session.status === "connected") return;
      if (n >= MAX_SIGN_INS)
        throw new Error(`${session.name} still needs sign-in after ${n} attempts; giving up.`);
    }
  }

  /**
   * A client registered in an earlier run names that run's loopback port. RFC 8252 §7.3 says the
   * authorization server must accept any port on a loopback redirect, and most do; one that does
   * not refuses at its authorization endpoint, before any page the user would see. Asked once,
   * without following redirects (a GET, as the browser's would be): if it refuses the redirect
   * URI, the kept client is dropped and registered again with this run's.
   */
  private async registeredRedirect(session: McpSession, url: URL): Promise<URL> {
    const provider = session.auth?.provider;
    if (!provider?.reusesStoredClient) return url;
    let refused = false;
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      const text = res.status === 400 ? (await res.text()).slice(0, 4_096) : "";
      if (res.status !== 400) await res.body?.cancel();
      refused = /redirect_uri/i.test(text);
    } catch {
      return url; // Unreachable from here: the browser will say so, not us.
    }
    if (!refused) return url;
    this.options.log(
      `The authorization server refused the redirect ${this.redirectUrl} for the client kept from an earlier run: registering a new client.`,
    );
    provider.invalidateCredentials("client");
    const fresh = await session.signIn();
    if (!fresh) throw new Error(`${session.name}: signing in again produced no authorization URL.`);
    this.url = null;
    return new URL(fresh);
  }

  private sendUser(name: string, url: URL): void {
    this.options.log(`${name} needs sign-in. Open this URL in a browser to authorize:`);
    this.options.log(`  ${url.href}`);
    this.options.log(`Waiting for the browser to come back to ${this.redirectUrl} …`);
    if (this.options.open) openBrowser(url.href, this.options.log);
  }

  private callback(): Promise<Answer> {
    if (this.early) {
      const answer = this.early;
      this.early = null;
      return Promise.resolve(answer);
    }
    const timeoutMs = this.options.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(
          new Error(
            `Sign-in timed out: no browser came back to ${this.redirectUrl} within ${Math.round(
              timeoutMs / 1000,
            )} s. Run the command again and open the URL it prints.`,
          ),
        );
      }, timeoutMs);
      this.waiting = {
        resolve: (a) => {
          clearTimeout(timer);
          this.waiting = null;
          resolve(a);
        },
      };
    });
  }

  private async listen(): Promise<void> {
    // Loopback only: the code arrives here, and nothing off this machine may bring one.
    const addresses: [string, ...string[]] = this.claudeCodeForm ? ["127.0.0.1", "::1"] : ["127.0.0.1"];
    try {
      this.server = await listenLoopback(this.options.callbackPort ?? 0, addresses, (req, res) => {
        const answer = this.handle(req.method ?? "GET", req.url ?? "/");
        void answer.response.text().then((html) => {
          res.writeHead(answer.response.status, Object.fromEntries(answer.response.headers));
          res.end(html);
          if (answer.result) {
            if (this.waiting) this.waiting.resolve(answer.result);
            else this.early = answer.result;
          }
        });
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new Error(
        e.code === "EADDRINUSE"
          ? `--callback-port ${this.options.callbackPort}: the port is in use; choose another, or 0 for a free one`
          : `cannot listen on ${addresses.join(" and ")} for the sign-in callback: ${e.message}`,
      );
    }
  }

  /** The callback's answer: a page for the browser, and the flow's result when the state is ours. */
  private handle(method: string, target: string): { response: Response; result?: Answer } {
    const url = new URL(target, "http://127.0.0.1");
    if (method !== "GET" || url.pathname !== this.callbackPath)
      return {
        response: callbackPage(
          404,
          "Not found",
          "This is the inspector's sign-in callback.",
          undefined,
          false,
        ),
      };
    const state = url.searchParams.get("state") ?? "";
    const flow = state.length > 0 && state.length <= 512 ? pendingFlows().take(state) : null;
    if (!flow || flow.sessionId !== this.sessionId)
      return {
        response: callbackPage(
          400,
          "Sign-in link unknown or expired",
          "This sign-in was already used, has expired, or was not started by this command.",
          undefined,
          false,
        ),
      };
    const code = url.searchParams.get("code");
    if (code && code.length <= 4_096)
      return {
        response: callbackPage(
          200,
          "Signed in",
          "You can close this tab and return to the terminal.",
          undefined,
          false,
        ),
        result: { code },
      };
    const error = (url.searchParams.get("error") ?? "no code").slice(0, 256);
    return {
      response: callbackPage(
        400,
        "Sign-in not completed",
        `The authorization server answered "${error}".`,
        undefined,
        false,
      ),
      result: { error },
    };
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = null;
    return server ? server.close() : Promise.resolve();
  }
}
