import "server-only";
import type { FileWatchStatus, LaunchSpec, LaunchSummary, SessionSummary } from "@/lib/api/contract";
import { clip, MAX_FIELD_CHARS } from "@/lib/limits/bounds";
import type { SessionAbilities } from "@/lib/launch/session-kinds";
import type { OpenedCapture } from "./opened-capture";
import { eraChoiceOf } from "../era";
import type { SessionAuth } from "../oauth/session-auth";
import type { SessionConnection } from "./connection";

/** The session as every tab sees it: its identity, its connection's state, names never values. */
export function sessionSummary(
  session: {
    id: string;
    name: string;
    hostName: string | undefined;
    launch: LaunchSpec;
    startedAt: Date;
    undeclaredNotifications: number;
    auth: SessionAuth | null;
    opened: OpenedCapture | null;
    abilities: Readonly<SessionAbilities>;
  },
  c: SessionConnection,
  extra: { watchCount: number; fileWatch?: FileWatchStatus },
): SessionSummary {
  const details = c.transport.details(c.reinitialized);
  const opened = session.opened;
  const capturedVersion = opened?.capture.server.protocolVersion;
  const era = opened?.capture.server.era;
  const capturedEra = era === "legacy" || era === "modern" ? era : undefined;
  return {
    id: session.id,
    name: session.name,
    ...(session.hostName !== undefined ? { hostName: session.hostName } : {}),
    status: c.status,
    // Env values stay in the session (the recorder and "same launch" matching read them server-side).
    launch: launchSummary(session.launch),
    abilities: session.abilities,
    transport: details,
    pid: details.kind === "stdio" ? details.pid : null,
    serverInfo: c.serverInfo,
    capabilities: c.capabilities,
    // A capture shows what the server negotiated then, not what its replay did.
    protocolVersion: opened
      ? capturedVersion === undefined
        ? null
        : clip(capturedVersion, MAX_FIELD_CHARS)
      : c.tap.protocolVersion,
    ...(c.connectedAt ? { era: capturedEra ?? c.client.era } : {}),
    eraChoice: eraChoiceOf(session.launch),
    ...(c.instructions ? { instructions: c.instructions } : {}),
    startedAt: session.startedAt.toISOString(),
    ...(c.connectedAt ? { connectedAt: c.connectedAt.toISOString() } : {}),
    ...(c.disconnectedAt ? { disconnectedAt: c.disconnectedAt.toISOString() } : {}),
    ...(c.error ? { error: c.error } : {}),
    undeclaredNotifications: session.undeclaredNotifications,
    watchCount: extra.watchCount,
    ...(session.auth ? { auth: session.auth.summary() } : {}),
    ...(extra.fileWatch ? { fileWatch: extra.fileWatch } : {}),
    ...(opened
      ? {
          capture: {
            capturedAt: clip(opened.capture.capturedAt, MAX_FIELD_CHARS),
            inspector: clip(opened.capture.inspector, MAX_FIELD_CHARS),
            ...(opened.file !== undefined ? { file: clip(opened.file, MAX_FIELD_CHARS) } : {}),
            reads: opened.capture.reads.length,
          },
        }
      : {}),
  };
}

/** The launch as the API shows it: names of env variables and headers, never their values. */
export function launchSummary(launch: LaunchSpec): LaunchSummary {
  if (launch.kind === "http")
    return {
      kind: "http",
      url: launch.url,
      transport: launch.transport,
      headerNames: Object.keys(launch.headers).sort(),
    };
  return {
    kind: "stdio",
    program: launch.program,
    args: launch.args,
    envNames: Object.keys(launch.env).sort(),
    ...(launch.cwd !== undefined ? { cwd: launch.cwd } : {}),
  };
}

const LAUNCHERS = new Set(["npx", "uvx", "bunx", "pnpx", "pipx", "docker", "deno"]);
const INTERPRETERS = /^(node|nodejs|tsx|ts-node|bun|python\d*(\.\d+)?|uv|deno|ruby|php|java)$/;

/** A readable default name before the server tells us its own. */
export function deriveName(spec: LaunchSpec): string {
  if (spec.kind === "http") {
    const u = new URL(spec.url);
    return u.host;
  }
  const base = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;
  const program = base(spec.program);
  const firstOperand = spec.args.find((a) => !a.startsWith("-"));
  if ((LAUNCHERS.has(program) || INTERPRETERS.test(program)) && firstOperand) {
    return LAUNCHERS.has(program) ? firstOperand : base(firstOperand);
  }
  return program || "server";
}
