import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  OAuthClientInformationFullSchema,
  OAuthTokensSchema,
  type OAuthClientInformationMixed,
  type OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { z } from "zod";
import { configDir, writeFileAtomic } from "@/server/config-dir";

/** What the inspector keeps for one server: its tokens and the client it registered there. */
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

const fileSchema = z.object({
  version: z.literal(1),
  servers: z.record(
    z.string(),
    z.object({
      tokens: z.unknown().optional(),
      expiresAt: z.number().optional(),
      clientInformation: z.unknown().optional(),
    }),
  ),
});

function parseStored(raw: z.infer<typeof fileSchema>["servers"][string]): ServerCredentials {
  const tokens = OAuthTokensSchema.safeParse(raw.tokens);
  const client = OAuthClientInformationFullSchema.partial({ redirect_uris: true }).safeParse(
    raw.clientInformation,
  );
  return {
    ...(tokens.success ? { tokens: tokens.data } : {}),
    ...(raw.expiresAt !== undefined ? { expiresAt: raw.expiresAt } : {}),
    ...(client.success ? { clientInformation: client.data } : {}),
  };
}

/**
 * Tokens per server, in memory; a server the user asked to remember is also written to the
 * tokens file (0600 in a 0700 directory, replaced atomically) and read from it the first time
 * it is needed. Nothing here ever reaches a response, a log line or a check file.
 */
export class TokenStore {
  private readonly memory = new Map<string, ServerCredentials>();
  private readonly loaded = new Set<string>();

  get(key: string, remember: boolean): ServerCredentials | undefined {
    if (remember && !this.memory.has(key) && !this.loaded.has(key)) {
      this.loaded.add(key);
      const stored = this.readFile()[key];
      if (stored) this.memory.set(key, stored);
    }
    return this.memory.get(key);
  }

  update(key: string, remember: boolean, change: Partial<ServerCredentials>): void {
    const next = { ...this.memory.get(key), ...change };
    this.memory.set(key, next);
    if (remember) this.writeServer(key, next);
  }

  /** Sign out: the tokens and the registered client are gone from memory and from the file. */
  forget(key: string): void {
    this.memory.delete(key);
    this.loaded.add(key);
    const all = this.readFile();
    if (key in all) this.writeServer(key, null);
  }

  private readFile(): Record<string, ServerCredentials> {
    let text: string;
    try {
      text = readFileSync(tokensFile(), "utf8");
    } catch {
      return {};
    }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error("unexpected shape");
      return Object.fromEntries(Object.entries(parsed.data.servers).map(([k, v]) => [k, parseStored(v)]));
    } catch {
      // Never echo the file (it holds tokens): name it and carry on as if empty.
      console.error(`[mcp-resource-inspector] ignoring unreadable tokens file ${tokensFile()}`);
      return {};
    }
  }

  private writeServer(key: string, value: ServerCredentials | null): void {
    const file = tokensFile();
    const servers = this.readFile();
    if (value) servers[key] = value;
    else delete servers[key];
    writeFileAtomic(file, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
  }
}

const g = globalThis as typeof globalThis & { __mcpOAuthTokens?: TokenStore };

/** One store for every route bundle and session: tokens outlive a session, not the app. */
export function tokenStore(): TokenStore {
  return (g.__mcpOAuthTokens ??= new TokenStore());
}
