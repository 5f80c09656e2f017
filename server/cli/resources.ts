/**
 * The one-shot CLI for scripts and agents: start one server, do one call, print, reap, exit.
 *
 *   mcp-resource-inspector resources list|templates|read URI [options] [-- command… | URL]
 *   mcp-resource-inspector subscribe URI --count N --timeout MS [-- command… | URL]
 *
 * No HTTP server and no browser. Exit 0 on success, 1 when the server or the call fails, 2 on bad
 * usage. Runs with `--conditions=react-server` (bin.mjs) like `check`.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ReadResponse } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import { readConfig } from "../mcp/config";
import { McpSession } from "../mcp/session";
import { oneServerLaunch, oneServerSignIn } from "./one-server";
import { SIGN_IN_HELP } from "./sign-in";

const USAGE = `usage: mcp-resource-inspector resources list|templates|read URI [options] [-- command… | URL]
       mcp-resource-inspector subscribe URI [--count N] [--timeout MS] [-- command… | URL]
  --format json|text     json (default); text: one line per item, or the raw text/bytes of a read
  --index N              which content item of a read --format text prints (default 0)
  --output FILE          write the output there instead of stdout
  --count N              subscribe: stop after N updates
  --timeout MS           subscribe: stop after MS (default 30000)
  server: -- command args… (-e KEY=VALUE, --cwd DIR) | URL (-H "Name: value", --transport)
          | --config FILE --server NAME
${SIGN_IN_HELP}
examples:
  mcp-resource-inspector resources list -- node build/index.js
  mcp-resource-inspector resources read file:///notes.md --format text http://127.0.0.1:3001/mcp`;

class CliError extends Error {}

function usage(message: string): never {
  process.stderr.write(`mcp-resource-inspector: ${message}\n${USAGE}\n`);
  process.exit(2);
}

interface Call {
  action: "list" | "templates" | "read" | "subscribe";
  uri?: string;
  format: "json" | "text";
  index: number;
  output?: string;
  count?: number;
  timeoutMs: number;
  serverArgs: string[];
}

function parseCall(argv: string[]): Call {
  const [command, ...rest] = argv;
  let action: Call["action"];
  let words = rest;
  if (command === "subscribe") action = "subscribe";
  else if (command === "resources" && (rest[0] === "list" || rest[0] === "templates" || rest[0] === "read")) {
    action = rest[0];
    words = rest.slice(1);
  } else usage(`expected "resources list|templates|read" or "subscribe"`);
  const dash = words.indexOf("--");
  const own = dash < 0 ? words : words.slice(0, dash);
  const { values, tokens } = (() => {
    try {
      return parseArgs({
        args: own,
        allowPositionals: true,
        strict: false,
        tokens: true,
        options: {
          format: { type: "string" },
          index: { type: "string" },
          output: { type: "string" },
          count: { type: "string" },
          timeout: { type: "string" },
          help: { type: "boolean", short: "h" },
        },
      });
    } catch (err) {
      return usage((err as Error).message);
    }
  })();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  // Everything not ours (server options, the URI and a URL) is passed on, in order.
  const mine = new Set(["format", "index", "output", "count", "timeout"]);
  const passOn: string[] = [];
  let uri: string | undefined;
  for (const t of tokens) {
    if (t.kind === "option" && mine.has(t.name)) continue;
    if (t.kind === "option") {
      passOn.push(t.rawName, ...(t.value !== undefined && !t.inlineValue ? [t.value] : []));
      if (t.inlineValue) passOn[passOn.length - 1] = `${t.rawName}=${t.value}`;
    } else if (t.kind === "positional") {
      // The first word of read/subscribe is the resource URI (even an https: one); a server URL follows.
      if ((action === "read" || action === "subscribe") && uri === undefined) uri = t.value;
      else passOn.push(t.value);
    }
  }
  if ((action === "read" || action === "subscribe") && !uri) usage(`${action} needs a URI`);
  const format = (values.format ?? "json") as string;
  if (format !== "json" && format !== "text") usage(`--format must be json or text, got "${format}"`);
  const num = (v: unknown, name: string) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0)
      usage(`--${name} takes a whole number, got "${typeof v === "string" ? v : JSON.stringify(v)}"`);
    return n;
  };
  return {
    action,
    ...(uri !== undefined ? { uri } : {}),
    format,
    index: num(values.index, "index") ?? 0,
    ...(typeof values.output === "string" ? { output: values.output } : {}),
    ...(values.count !== undefined ? { count: num(values.count, "count") } : {}),
    timeoutMs: num(values.timeout, "timeout") ?? 30_000,
    serverArgs: dash < 0 ? passOn : [...passOn, ...words.slice(dash)],
  };
}

function write(call: Call, data: string | Uint8Array): void {
  if (call.output) writeFileSync(call.output, data);
  else process.stdout.write(data);
}

function contentItem(result: ReadResponse, index: number): string | Uint8Array {
  const item = result.contents[index];
  if (!item)
    throw new CliError(
      `the read has ${result.contents.length} content item(s); there is no --index ${index}`,
    );
  return "text" in item ? item.text : Buffer.from(item.blob, "base64");
}

async function main(): Promise<void> {
  const call = parseCall(process.argv.slice(2));
  const launched = oneServerLaunch(call.serverArgs, usage);
  const { launch, name } = launched;
  const signIn = await oneServerSignIn(launched);
  const events: InspectorEvent[] = [];
  let onEvent: (e: InspectorEvent) => void = () => undefined;
  const session = new McpSession(
    "cli",
    launch,
    readConfig(),
    (e) => {
      events.push(e);
      onEvent(e);
    },
    name,
    signIn.route,
  );
  const stop = () => void session.close().finally(() => process.exit(130));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await signIn.connect(session);
    if (call.action === "list" || call.action === "templates") {
      const listed =
        call.action === "list"
          ? await signIn.run(session, () => session.listResources(true))
          : await signIn.run(session, () => session.listTemplates(true));
      if (call.format === "text") {
        const lines = listed.items.map((item) =>
          "uri" in item
            ? [item.uri, item.name, item.mimeType ?? ""].join("\t")
            : [item.uriTemplate, item.name, item.mimeType ?? ""].join("\t"),
        );
        write(call, lines.length ? `${lines.join("\n")}\n` : "");
      } else {
        const key = call.action === "list" ? "resources" : "resourceTemplates";
        write(call, `${JSON.stringify({ [key]: listed.items, pages: listed.pages }, null, 2)}\n`);
      }
    } else if (call.action === "read") {
      const result = await signIn.run(session, () => session.read(call.uri!, true));
      write(
        call,
        call.format === "text" ? contentItem(result, call.index) : `${JSON.stringify(result, null, 2)}\n`,
      );
    } else {
      await subscribe(session, call, (listener) => (onEvent = listener));
    }
  } finally {
    await session.close();
    await signIn.close();
  }
}

/** Print each re-read after `resources/updated` as one JSON line, until --count or --timeout. */
async function subscribe(
  session: McpSession,
  call: Call,
  listen: (listener: (e: InspectorEvent) => void) => void,
): Promise<void> {
  const uri = call.uri!;
  let seen = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, call.timeoutMs);
    listen((e) => {
      if (e.type !== "resource-updated" || e.uri !== uri || e.version === 0 || !e.changed) return;
      const kept = session.watches.get(uri)?.get(e.version)?.result;
      (kept ? Promise.resolve(kept) : session.read(uri)).then(
        (result) => {
          process.stdout.write(
            `${JSON.stringify({ uri, version: e.version, at: new Date(e.at).toISOString(), result })}\n`,
          );
          if (call.count !== undefined && ++seen >= call.count) {
            clearTimeout(timer);
            resolve();
          }
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
    session.watch(uri).catch((err: unknown) => {
      clearTimeout(timer);
      reject(err instanceof Error ? err : new Error(String(err)));
    });
  });
}

main().catch((err: unknown) => {
  const e = err as { message?: string; stderrTail?: string[] };
  process.stderr.write(`mcp-resource-inspector: ${e.message ?? String(err)}\n`);
  for (const line of e.stderrTail ?? []) process.stderr.write(`  ${line}\n`);
  process.exitCode = 1;
});
