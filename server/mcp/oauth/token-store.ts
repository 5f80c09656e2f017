import "server-only";
import path from "node:path";
import {
  OAuthClientInformationFullSchema,
  OAuthTokensSchema,
  type OAuthClientInformationMixed,
  type OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { z } from "zod";
import {
  configDir,
  moveAside,
  newerVersion,
  readStoreFile,
  StoreFileError,
  writeFileAtomic,
} from "@/server/config-dir";

/**
 * What the inspector keeps for one server (resource): its tokens, stamped by the SDK with the
 * issuer that minted them (a token of another authorization server reads back as none).
 * `clientInformation` is the version-1 place of a registration, still read when no client is
 * kept for the issuer (see `client`).
 */
export interface ServerCredentials {
  tokens?: OAuthTokens;
  /** Epoch ms when the access token expires, from `expires_in` at the time it arrived. */
  expiresAt?: number;
  clientInformation?: OAuthClientInformationMixed;
}

/** Tokens belong to one server: its URL's origin and path, never its query or fragment. */
export function serverKey(url: string | URL): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** Where "remember" keeps tokens: `tokens.json` in the config directory (server/config-dir.ts). */
export function tokensFile(): string {
  return path.join(configDir(), "tokens.json");
}

/**
 * Version 2 adds `clients`: dynamic registrations per authorization server (issuer) and redirect
 * (`clientKey`), shared by every server that issuer guards, so a client is registered once, not
 * once per server or per run — and the app (its page on localhost or 127.0.0.1) and the CLI (its
 * loopback listener) each keep their own instead of replacing each other's. A key that is only
 * the issuer is how this version first kept one client per issuer; it is still read (when it
 * covers the redirect) and moved to its full key on the next write. Version 1 (no `clients`) is
 * read as is; its per-server registrations still serve until the next write, which stores version 2.
 */
const TOKENS_VERSION = 2;
const fileSchema = z.object({
  version: z.union([z.literal(1), z.literal(TOKENS_VERSION)]),
  servers: z.record(
    z.string(),
    z.object({
      tokens: z.unknown().optional(),
      expiresAt: z.number().optional(),
      clientInformation: z.unknown().optional(),
    }),
  ),
  clients: z.record(z.string(), z.unknown()).optional(),
});

const clientSchema = OAuthClientInformationFullSchema.partial({ redirect_uris: true });

function parseClient(raw: unknown): OAuthClientInformationMixed | undefined {
  const client = clientSchema.safeParse(raw);
  return client.success ? client.data : undefined;
}

function parseStored(raw: z.infer<typeof fileSchema>["servers"][string]): ServerCredentials {
  const tokens = OAuthTokensSchema.safeParse(raw.tokens);
  const client = parseClient(raw.clientInformation);
  return {
    ...(tokens.success ? { tokens: tokens.data } : {}),
    ...(raw.expiresAt !== undefined ? { expiresAt: raw.expiresAt } : {}),
    ...(client ? { clientInformation: client } : {}),
  };
}

interface StoredFile {
  servers: Record<string, ServerCredentials>;
  clients: Record<string, OAuthClientInformationMixed>;
}

/** Issuers compare without a trailing slash (the SDK stamps `String(URL)`, a config may not). */
export function issuerKey(issuer: string | URL): string {
  return String(issuer).replace(/\/+$/, "");
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Where a registration is kept: its issuer and the redirect it was registered for, without the
 * port of a loopback redirect (RFC 8252 §7.3: any port is the same redirect there, so the CLI's
 * free port each run keeps one client). A space never occurs in a URL, so the key splits back.
 * Without a redirect, the issuer alone: the first version-2 key.
 */
export function clientKey(issuer: string | URL, redirect?: string): string {
  const key = issuerKey(issuer);
  if (redirect === undefined) return key;
  try {
    const u = new URL(redirect);
    const host = LOOPBACK_HOSTS.has(u.hostname) ? u.hostname : u.host;
    return `${key} ${u.protocol}//${host}${u.pathname}`;
  } catch {
    return `${key} ${redirect}`;
  }
}

/**
 * Tokens per server, in memory; a server the user asked to remember is also written to the
 * tokens file (0600 in a 0700 directory, replaced atomically) and read from it the first time
 * it is needed. Nothing here ever reaches a response, a log line or a check file.
 */
export class TokenStore {
  private readonly memory = new Map<string, ServerCredentials>();
  private readonly loaded = new Set<string>();
  private readonly clients = new Map<string, OAuthClientInformationMixed>();
  private readonly loadedClients = new Set<string>();

  get(key: string, remember: boolean): ServerCredentials | undefined {
    if (remember && !this.memory.has(key) && !this.loaded.has(key)) {
      this.loaded.add(key);
      const stored = this.readFile().servers[key];
      if (stored) this.memory.set(key, stored);
    }
    return this.memory.get(key);
  }

  /** Returns what happened to the tokens file when that is news (moved aside, not written), else null. */
  update(key: string, remember: boolean, change: Partial<ServerCredentials>): string | null {
    const next = { ...this.memory.get(key), ...change };
    this.memory.set(key, next);
    return remember ? this.write((f) => (f.servers[key] = next)) : null;
  }

  /**
   * The client registered at this authorization server (dynamic registration) for this redirect
   * (`clientKey`), if any; without a redirect, the one kept under the issuer alone.
   */
  client(issuer: string, remember: boolean, redirect?: string): OAuthClientInformationMixed | undefined {
    const key = clientKey(issuer, redirect);
    if (remember && !this.clients.has(key) && !this.loadedClients.has(key)) {
      this.loadedClients.add(key);
      const stored = this.readFile().clients[key];
      if (stored) this.clients.set(key, stored);
    }
    return this.clients.get(key);
  }

  /** Keep (or, with undefined, drop) the client registered at this authorization server. */
  setClient(
    issuer: string,
    remember: boolean,
    info: OAuthClientInformationMixed | undefined,
    redirect?: string,
  ): void {
    const key = clientKey(issuer, redirect);
    this.loadedClients.add(key);
    if (info) this.clients.set(key, info);
    else this.clients.delete(key);
    // A refused client is dropped from the file even by a session that does not remember.
    if (remember || !info)
      this.write((f) => {
        if (info) f.clients[key] = info;
        else delete f.clients[key];
      }, !info);
  }

  /** Sign out: the server's tokens are gone from memory and from the file (its client: `setClient`). */
  forget(key: string): void {
    this.memory.delete(key);
    this.loaded.add(key);
    this.write((f) => delete f.servers[key], true);
  }

  private readFile(): StoredFile {
    const state = readTokensFile();
    if (state.kind === "ok") return state.stored;
    // Never echo the file (it holds tokens): name it and carry on as if empty.
    console.error(`[mcp-resource-inspector] ignoring the tokens file: ${state.problem}`);
    return { servers: {}, clients: {} };
  }

  /**
   * Read, change, write back as version 2; `onlyIfPresent`: no file is created for a removal.
   * A file that is not tokens is moved aside first, never lost; one of a newer version, or one we
   * cannot read (a link to /dev/zero), is not written at all. Returns what happened to the file
   * when that is news for the user (also logged), else null.
   */
  private write(change: (file: StoredFile) => void, onlyIfPresent = false): string | null {
    const file = tokensFile();
    const state = readTokensFile();
    if (state.kind === "refused") {
      const said = `${state.problem}; it is not overwritten, so this is kept in memory only.`;
      console.error(`[mcp-resource-inspector] ${said}`);
      return said;
    }
    const stored = state.kind === "ok" ? state.stored : { servers: {}, clients: {} };
    const before = JSON.stringify(stored);
    change(stored);
    if (onlyIfPresent && JSON.stringify(stored) === before) return null;
    let said: string | null = null;
    if (state.kind === "corrupt") {
      const aside = moveAside(file);
      said = `${state.problem}: moved aside to ${aside} (nothing in it is lost) and a new file started.`;
      console.error(`[mcp-resource-inspector] ${said}`);
    }
    writeFileAtomic(file, `${JSON.stringify({ version: TOKENS_VERSION, ...stored }, null, 2)}\n`);
    return said;
  }
}

type TokensFileState =
  | { kind: "ok"; stored: StoredFile }
  /** Not tokens: safe to move aside and start again. */
  | { kind: "corrupt"; problem: string }
  /** A newer version's, or not a file we may read: left as it is. */
  | { kind: "refused"; problem: string };

function readTokensFile(): TokensFileState {
  const file = tokensFile();
  let text: string | null;
  try {
    text = readStoreFile(file, "tokens file");
  } catch (err) {
    if (err instanceof StoreFileError) return { kind: "refused", problem: err.message };
    throw err;
  }
  if (text === null) return { kind: "ok", stored: { servers: {}, clients: {} } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: "corrupt", problem: `${file} is not JSON` };
  }
  const newer = newerVersion(raw, TOKENS_VERSION);
  if (newer !== null)
    return {
      kind: "refused",
      problem: `${file} was written by a newer inspector (version ${newer}; this one writes version ${TOKENS_VERSION}): update the inspector to remember sign-ins`,
    };
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return { kind: "corrupt", problem: `${file} is not a tokens file of version 1 or 2` };
  const clients: Record<string, OAuthClientInformationMixed> = {};
  for (const [k, v] of Object.entries(parsed.data.clients ?? {})) {
    const client = parseClient(v);
    if (client) clients[k] = client;
  }
  const servers = Object.fromEntries(
    Object.entries(parsed.data.servers).map(([k, v]) => [k, parseStored(v)]),
  );
  return { kind: "ok", stored: { servers, clients } };
}

const g = globalThis as typeof globalThis & { __mcpOAuthTokens?: TokenStore };

/** One store for every route bundle and session: tokens outlive a session, not the app. */
export function tokenStore(): TokenStore {
  return (g.__mcpOAuthTokens ??= new TokenStore());
}
