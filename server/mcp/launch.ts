import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseCommandLine } from "@/lib/launch/command-line";
import type { CreateSessionBody, LaunchSpec, PresetInfo, StdioLaunch } from "@/lib/api/contract";
import {
  authConflict,
  transportFor,
  transportUrlProblem,
  WEBSOCKET_OAUTH_MESSAGE,
} from "@/lib/launch/http-input";

/** The folder the app runs from (the launcher sets it; `next dev` runs from it). */
export function appRoot(): string {
  return process.env.MCP_INSPECTOR_ROOT ?? process.cwd();
}

/** The built-in demo server: the esbuild bundle when built, else the TypeScript source via tsx. */
export function demoLaunch(env: Record<string, string> = {}): StdioLaunch {
  const root = appRoot();
  // Found at run time in the app's root (turbopackIgnore: not copied into the traced server).
  const bundle = path.join(/* turbopackIgnore: true */ root, "dist", "demo-server.mjs");
  const args = existsSync(bundle)
    ? [bundle]
    : ["--import", "tsx", path.join(/* turbopackIgnore: true */ root, "server", "demo", "main.ts")];
  return { kind: "stdio", program: process.execPath, args, env, cwd: root };
}

export function presets(): PresetInfo[] {
  return [{ id: "demo", name: "Demo server", launch: demoLaunch() }];
}

/** Turn a create request into exactly what will be spawned. Throws CommandLineError (→ 400). */
export function resolveLaunch(body: CreateSessionBody): {
  launch: LaunchSpec;
  name?: string;
  preset?: "demo";
} {
  const resolved = resolveLaunchOnly(body);
  // `auto` is the default and stays implicit, so launches compare and save as before.
  if (body.era && body.era !== "auto") resolved.launch = { ...resolved.launch, era: body.era };
  return resolved;
}

function resolveLaunchOnly(body: CreateSessionBody): {
  launch: LaunchSpec;
  name?: string;
  preset?: "demo";
} {
  if ("preset" in body) {
    return { launch: demoLaunch(body.env ?? {}), name: body.name, preset: body.preset };
  }
  if ("url" in body) {
    return {
      launch: {
        kind: "http",
        url: body.url,
        transport: body.transport ?? "auto",
        headers: body.headers ?? {},
        ...(body.auth ? { auth: body.auth } : {}),
      },
      name: body.name,
    };
  }
  const base =
    body.args !== undefined
      ? { program: body.command, args: body.args, env: {} }
      : parseCommandLine(body.command);
  const launch: LaunchSpec = {
    kind: "stdio",
    program: base.program,
    args: base.args,
    env: { ...base.env, ...body.env },
    ...(body.cwd ? { cwd: body.cwd } : {}),
  };
  return { launch, name: body.name };
}

/**
 * Why a launch must not start, whatever road it came by (API body, saved server, config, CLI,
 * check file), or null. A NUL cuts a program, argument or environment value short at the system
 * (Node refuses to spawn it), so what would run is not what the review showed.
 */
export function launchProblem(launch: LaunchSpec): string | null {
  if (launch.kind === "http") {
    const mismatch = transportUrlProblem(launch.url, launch.transport);
    if (mismatch) return mismatch;
    const webSocket = transportFor(launch.url, launch.transport) === "websocket";
    // The page sends `{}` (or `remember: false`) when its OAuth settings are untouched.
    const oauth = Object.values(launch.auth ?? {}).some((v) => v !== undefined && v !== "" && v !== false);
    if (webSocket && oauth) return WEBSOCKET_OAUTH_MESSAGE;
    return authConflict(launch.headers, launch.auth);
  }
  const where = (what: string) =>
    `The ${what} contains a NUL character (\\u0000); the system would cut it there.`;
  if (launch.program.includes("\0")) return where("program");
  const arg = launch.args.findIndex((a) => a.includes("\0"));
  if (arg >= 0) return where(`argument ${arg + 1}`);
  const env = Object.entries(launch.env).find(([, v]) => v.includes("\0"));
  if (env) return where(`value of ${env[0]}`);
  if (launch.cwd?.includes("\0")) return where("working directory");
  return null;
}
