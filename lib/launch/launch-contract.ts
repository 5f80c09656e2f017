/**
 * What a server's launch is, as the API takes it and the backend runs it: the POST /api/sessions
 * and import bodies (zod) and the launch types (a local program over stdio, or a server behind a
 * URL), with the rules from ./http-input.ts. Re-exported by lib/api/contract.ts.
 */
import { z } from "zod";
import {
  HEADER_NAME_MESSAGE,
  HEADER_NAME_PATTERN,
  HEADER_VALUE_MAX,
  HEADER_VALUE_MESSAGE,
  HEADER_VALUE_PATTERN,
  HEADER_COUNT_MESSAGE,
  HEADER_RESERVED_MESSAGE,
  RESERVED_HEADER_NAME,
  HTTP_URL_MAX,
  HTTP_URL_MESSAGE,
  httpTransportChoices,
  authConflict,
  isHttpUrl,
  MAX_HEADERS,
  type HttpTransportChoice,
} from "./http-input";
import { eraChoices, type EraChoice } from "./era";

export { httpTransportChoices } from "./http-input";
export { eraChoices, type Era, type EraChoice } from "./era";
const eraField = { era: z.enum(eraChoices).optional() };

/**
 * A program, argument, directory or environment value cannot hold NUL: the operating system ends
 * the string there (Node refuses to spawn it), so what ran would not be what the review showed.
 */
const NUL_MESSAGE = "cannot contain a NUL character (\\u0000): the system would cut the text there";
const noNul = (s: z.ZodString) => s.refine((v) => !v.includes("\0"), NUL_MESSAGE);

const envSchema = z.record(
  z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "invalid variable name"),
  noNul(z.string()),
);

/** An http(s) URL with a host, no credentials in it; the rule itself is in lib/launch/http-input.ts. */
export const httpUrlSchema = z.string().max(HTTP_URL_MAX).refine(isHttpUrl, HTTP_URL_MESSAGE);

/** Header names are RFC 9110 tokens; values carry no line breaks (no header injection). */
export const headersSchema = z.preprocess(
  (raw, ctx) => {
    // zod's record drops an own "__proto__" key without a word; the user would lose that header.
    if (typeof raw === "object" && raw !== null && Object.hasOwn(raw, RESERVED_HEADER_NAME))
      ctx.addIssue({ code: "custom", message: HEADER_RESERVED_MESSAGE, input: raw });
    return raw;
  },
  z
    .record(
      z.string().regex(HEADER_NAME_PATTERN, HEADER_NAME_MESSAGE),
      z.string().max(HEADER_VALUE_MAX).regex(HEADER_VALUE_PATTERN, HEADER_VALUE_MESSAGE),
    )
    .refine((h) => Object.keys(h).length <= MAX_HEADERS, HEADER_COUNT_MESSAGE),
);

/**
 * POST /api/sessions. Either a pasted command line (`command` alone, parsed as a shell would split
 * it), or an explicit program with `args` (no parsing), or a built-in preset such as the demo server,
 * or a `url` of a server behind HTTP (Streamable HTTP or the legacy SSE transport).
 */
/** What the SDK and the spec accept as a metadata document's URL (its own client id): https, a path. */
export const clientMetadataUrlSchema = z
  .string()
  .max(2_000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === "https:" && url.pathname !== "/" && !url.username && !url.password && !url.hash;
    } catch {
      return false;
    }
  }, "a client metadata document URL must be https:// with a path (e.g. https://example.com/client.json)");

/**
 * A pasted command or URL the user confirmed with "Save to my servers": kept in the saved-servers
 * file once it connects; environment and secret-looking header values as `${VAR}` references
 * unless `keepValues` (server/saved/stored-launch.ts).
 */
const saveFields = { save: z.boolean().optional(), keepValues: z.boolean().optional() };

export const createSessionBodySchema = z.union([
  z
    .object({
      preset: z.literal("demo"),
      name: z.string().min(1).max(200).optional(),
      env: envSchema.optional(),
      ...eraField,
    })
    .strict(),
  z
    .object({
      command: noNul(z.string().min(1).max(10_000)),
      args: z
        .array(noNul(z.string().max(10_000)))
        .max(1_000)
        .optional(),
      env: envSchema.optional(),
      cwd: noNul(z.string().min(1).max(4_096)).optional(),
      name: z.string().min(1).max(200).optional(),
      ...saveFields,
      ...eraField,
    })
    .strict(),
  z
    .object({
      url: httpUrlSchema,
      transport: z.enum(httpTransportChoices).optional(),
      headers: headersSchema.optional(),
      auth: z
        .object({
          clientId: z.string().min(1).max(1_000).optional(),
          clientSecret: z.string().min(1).max(1_000).optional(),
          scope: z.string().max(1_000).optional(),
          remember: z.boolean().optional(),
          clientMetadataUrl: clientMetadataUrlSchema.optional(),
          callbackPort: z.number().int().min(1).max(65_535).optional(),
        })
        .strict()
        .optional(),
      name: z.string().min(1).max(200).optional(),
      ...saveFields,
      ...eraField,
    })
    .strict()
    .superRefine((body, ctx) => {
      const conflict = authConflict(body.headers, body.auth);
      if (conflict) ctx.addIssue({ code: "custom", path: ["headers"], message: conflict });
    }),
]);
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

/** An absolute path the server checks (exists, is a folder): `${workspaceFolder}` of a paste. */
export const workspaceFolderSchema = z.string().min(1).max(4096);

/**
 * POST /api/import: a pasted config, command line or URL; answers what it found, starts nothing.
 * With `workspaceFolder`, also whether that folder can stand for `${workspaceFolder}`.
 */
export const importBodySchema = z
  .object({ text: z.string().max(1_000_000), workspaceFolder: workspaceFolderSchema.optional() })
  .strict();
export type ImportBody = z.infer<typeof importBodySchema>;

/** A local program exactly as spawned (no shell). Env shows only what the user added. */
export interface CommandSpec {
  program: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export type { HttpTransportChoice } from "./http-input";
export type HttpTransportUsed = Exclude<HttpTransportChoice, "auto">;

/** OAuth settings the user chose for an HTTP server (the flow itself is the SDK's). */
export interface HttpAuthSettings {
  /** A pre-registered client; without it the inspector registers one dynamically. */
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  /** Keep the tokens in the user's config directory (0600) instead of memory only. */
  remember?: boolean;
  /**
   * An https URL of a Client ID Metadata Document the user hosts: used as the client id when the
   * authorization server says it accepts them (`client_id_metadata_document_supported`), else the
   * inspector registers dynamically as without it.
   */
  clientMetadataUrl?: string;
  /**
   * The one-shot CLI's loopback callback port (Claude Code's `oauth.callbackPort`); the app's
   * callback is its own page, so it ignores this.
   */
  callbackPort?: number;
}

/** What a session runs: a local program over stdio, or a server behind a URL. */
export type LaunchSpec = (
  | ({ kind: "stdio" } & CommandSpec)
  | {
      kind: "http";
      url: string;
      transport: HttpTransportChoice;
      /** Sent with every request to this server only (never to an authorization server). */
      headers: Record<string, string>;
      auth?: HttpAuthSettings;
    }
) & {
  /** The protocol era the user asked for; absent means `auto`. */
  era?: Exclude<EraChoice, "auto">;
};
export type StdioLaunch = Extract<LaunchSpec, { kind: "stdio" }>;
export type HttpLaunch = Extract<LaunchSpec, { kind: "http" }>;

/**
 * A session's launch as the API shows it: the environment and headers by names only. Values the
 * user gave a server (tokens, keys) never leave the backend, which alone spawns and matches launches.
 */
export type LaunchSummary =
  | {
      kind: "stdio";
      program: string;
      args: string[];
      /** Names of the variables the user added to the server's environment, sorted. */
      envNames: string[];
      cwd?: string;
    }
  | { kind: "http"; url: string; transport: HttpTransportChoice; headerNames: string[] };
