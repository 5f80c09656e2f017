import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { createSessionBodySchema, httpTransportChoices, type CreateSessionBody } from "@/lib/api/contract";
import type { StartupBody, StartupFailure } from "@/lib/api/startup";
import { clip, MAX_FIELD_CHARS, MAX_STDERR_LINE_CHARS, MAX_TEXT_CHARS } from "@/lib/limits/bounds";
import { redactor } from "@/server/check/app-run";
import { redactUrl, urlSecretValues } from "@/server/check/secret-references";
import { resolveLaunch } from "@/server/mcp/launch";
import { FIRST_LISTS_BUDGET_MS } from "@/server/mcp/list-cache";
import { getRegistry, type ClosedSession } from "@/server/mcp/registry";
import { deriveName, launchSummary, type McpSession } from "@/server/mcp/session";
import { HttpError, toHttpError } from "./errors";

/**
 * The servers named on the command line that are not running (lib/api/startup.ts): kept on
 * globalThis beside the registry (route handlers are separate bundles), at most MAX_FAILURES,
 * each with the validated body to retry with. Only the launcher adds to it; a retry that
 * connects, or the user dismissing the card, takes one out.
 */
const MAX_FAILURES = 100;
const MAX_STDERR_LINES = 20;
const tail = (lines: string[] | undefined) =>
  lines?.length
    ? { stderrTail: lines.slice(-MAX_STDERR_LINES).map((l) => clip(l, MAX_STDERR_LINE_CHARS)) }
    : {};

interface Entry {
  failure: StartupFailure;
  /** The body to connect again; null when it could not be resolved or did not validate. */
  retry: CreateSessionBody | null;
}

const g = globalThis as typeof globalThis & { __mcpStartupFailures?: Map<string, Entry> };
const entries = () => (g.__mcpStartupFailures ??= new Map<string, Entry>());
const changed = () => getRegistry().events.emit({ type: "startup-failures" });

/**
 * Enough of a body that did not validate (or was never resolved: `${BASE}/mcp` is no URL yet) to
 * show what it would run: names of env variables and headers, bounded.
 */
const names = z
  .record(z.string().max(MAX_FIELD_CHARS), z.unknown())
  .refine((r) => Object.keys(r).length <= 200)
  .optional();
const shownBody = z.union([
  z.object({
    url: z.string().max(MAX_TEXT_CHARS * 4),
    transport: z.enum(httpTransportChoices).optional().catch(undefined),
    headers: names,
    name: z.string().max(200).optional(),
  }),
  z.object({
    command: z.string().max(10_000),
    args: z.array(z.string().max(10_000)).max(1_000).optional(),
    env: names,
    cwd: z.string().max(4_096).optional(),
    name: z.string().max(200).optional(),
  }),
]);

function shown(raw: unknown): { name: string; launch: StartupFailure["launch"] } | null {
  const body = shownBody.safeParse(raw);
  if (!body.success) return null;
  const b = body.data;
  const keys = (r: Record<string, unknown> | undefined) =>
    Object.fromEntries(Object.keys(r ?? {}).map((k) => [k, ""]));
  const launch =
    "url" in b
      ? { kind: "http" as const, url: b.url, transport: b.transport ?? "auto", headers: keys(b.headers) }
      : {
          kind: "stdio" as const,
          program: b.command,
          args: b.args ?? [],
          env: keys(b.env),
          ...(b.cwd !== undefined ? { cwd: b.cwd } : {}),
        };
  let name = b.name;
  try {
    name ??= deriveName(launch);
  } catch {
    name ??= "server";
  }
  return { name, launch: launchSummary(launch) };
}

/**
 * What a card shows of a URL's secrets (its userinfo password, secret-looking query values):
 * references in the URL, "[redacted]" in the words — a failure's reason may quote the URL.
 */
function withoutUrlSecrets(failure: StartupFailure, url: string | undefined): StartupFailure {
  if (failure.launch.kind !== "http" || url === undefined) return failure;
  const redact = redactor(urlSecretValues(url));
  return {
    ...failure,
    launch: { ...failure.launch, url: redactUrl(url) },
    reason: redact(failure.reason),
    ...(failure.stderrTail ? { stderrTail: failure.stderrTail.map(redact) } : {}),
  };
}

function record(
  raw: unknown,
  reason: string,
  retry: CreateSessionBody | null,
  stderrTail?: string[],
): StartupFailure | null {
  const what = shown(raw);
  if (!what) return null;
  const all = entries();
  // The oldest go first: a launcher restarted in a loop cannot grow this without end.
  while (all.size >= MAX_FAILURES) all.delete(all.keys().next().value!);
  const failure: StartupFailure = withoutUrlSecrets(
    {
      id: randomBytes(9).toString("base64url"),
      name: clip(what.name, MAX_FIELD_CHARS),
      launch: what.launch,
      reason: clip(reason, MAX_TEXT_CHARS),
      ...tail(stderrTail),
      canRetry: retry !== null,
      failedAt: new Date().toISOString(),
    },
    what.launch.kind === "http" ? what.launch.url : undefined,
  );
  all.set(failure.id, { failure, retry });
  changed();
  return failure;
}

async function connect(body: CreateSessionBody): Promise<McpSession> {
  const { launch, name, preset } = resolveLaunch(body);
  // Named on the command line: it lives as long as the launcher, never reaped for want of a tab.
  return getRegistry().create(launch, name, preset, { listsWithin: FIRST_LISTS_BUDGET_MS, pinned: true });
}

/** A session the idle reaper closed, as a card: why, what it ran, Retry starts it again. */
function closedCard(c: ClosedSession): StartupFailure {
  return withoutUrlSecrets(
    {
      id: c.id,
      name: clip(c.name, MAX_FIELD_CHARS),
      launch: launchSummary(c.launch),
      reason: c.reason,
      canRetry: true,
      failedAt: c.closedAt,
      closed: true,
    },
    c.launch.kind === "http" ? c.launch.url : undefined,
  );
}

/**
 * POST /api/startup: connect one server the launcher was given, or keep it as not running — with
 * why — when it was skipped or fails. The error still reaches the launcher, which prints it.
 */
export async function startupConnect(
  body: StartupBody,
): Promise<{ session: McpSession } | { failure: StartupFailure }> {
  if (body.skipped !== undefined) {
    const failure = record(body.server, body.skipped, null);
    if (!failure)
      throw new HttpError(400, "bad_request", "Invalid request: a server needs a command or a url");
    return { failure };
  }
  const parsed = createSessionBodySchema.safeParse(body.server);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = `Invalid server: ${issue?.path.length ? `${issue.path.join(".")}: ` : ""}${issue?.message ?? "invalid"}`;
    if (!record(body.server, reason, null))
      throw new HttpError(400, "bad_request", `Invalid request: ${reason}`);
    throw new HttpError(400, "bad_request", reason);
  }
  try {
    return { session: await connect(parsed.data) };
  } catch (err) {
    const http = toHttpError(err);
    record(body.server, http.message, parsed.data, http.extra.stderrTail);
    throw http;
  }
}

export function listStartupFailures(): StartupFailure[] {
  return [
    ...[...entries().values()].map((e) => e.failure),
    ...getRegistry().closedSessions().map(closedCard),
  ];
}

function entry(id: string): Entry {
  const found = entries().get(id);
  if (!found) throw new HttpError(404, "not_found", `No start-up server with id "${id}".`);
  return found;
}

/** Connect it again; on success it is no longer a failure (the page shows the session instead). */
export async function retryStartup(id: string): Promise<McpSession> {
  const registry = getRegistry();
  const closed = registry.closedSessions().find((c) => c.id === id);
  if (closed) {
    // Opened again from the page as it first was: a page session, reaped again if left alone.
    const session = await registry.create(closed.launch, closed.name, closed.preset ?? undefined, {
      listsWithin: FIRST_LISTS_BUDGET_MS,
    });
    registry.forgetClosed(id);
    changed();
    return session;
  }
  const e = entry(id);
  if (!e.retry)
    throw new HttpError(409, "conflict", `"${e.failure.name}" cannot start as it is written: edit it`);
  try {
    const session = await connect(e.retry);
    entries().delete(id);
    changed();
    return session;
  } catch (err) {
    const http = toHttpError(err);
    e.failure = withoutUrlSecrets(
      {
        ...e.failure,
        reason: clip(http.message, MAX_TEXT_CHARS),
        failedAt: new Date().toISOString(),
        ...tail(http.extra.stderrTail),
      },
      "url" in e.retry ? e.retry.url : undefined,
    );
    changed();
    throw http;
  }
}

export function dismissStartup(id: string): void {
  if (getRegistry().forgetClosed(id)) return changed();
  entry(id);
  entries().delete(id);
  changed();
}
