/**
 * The one-shot CLI for scripts and agents: start one server, do one call, print, reap, exit.
 *
 *   mcp-resource-inspector resources list|templates|read URI [options] [-- command… | URL]
 *   mcp-resource-inspector subscribe URI --count N --timeout MS [-- command… | URL]
 *
 * No HTTP server and no browser. Exit 0 on success, 1 when the server or the call fails (or has no
 * resources capability), 2 on bad usage, 3 when `subscribe` ends at --timeout with fewer updates
 * than --count. Runs with `--conditions=react-server` (bin.mjs) like `check`.
 */
import { writeFileSync } from "node:fs";
import type { ReadResponse } from "@/lib/api/contract";
import type { InspectorEvent } from "@/lib/api/events";
import type { McpSession } from "../mcp/session";
import { pageHints } from "../mcp/list-bodies";
import { closestWord } from "./commands.mjs";
import { oneServerLaunch, oneServerSession, reportFailure } from "./one-server";
import { parseOneShot, usageExit, wholeNumber } from "./one-shot-args";
import { answerInputRequired } from "./read-input";
import { SIGN_IN_HELP, type CliSignIn } from "./sign-in";

const USAGE = `usage: mcp-resource-inspector resources list|templates|read URI [options] [-- command… | URL]
       mcp-resource-inspector subscribe URI [--count N] [--timeout MS] [-- command… | URL]
  --format json|text     json (default); text: one line per item, or the raw text/bytes of a read
  --index N              which content item of a read --format text prints (default 0)
  --output FILE          write the output there instead of stdout
  --input NAME=VALUE     read: answer a 2026-07-28 input_required read (repeatable; on a terminal
                         without it, you are asked)
  --count N              subscribe: stop after N updates
  --timeout MS           subscribe: stop after MS (default 30000; fewer than --count by then: exit 3)
  server: -- command args… (-e KEY=VALUE, --cwd DIR) | URL (-H "Name: value", --transport)
          | --config FILE --server NAME
  --era auto|legacy|modern   protocol era (default auto: probes server/discover, else initialize)
${SIGN_IN_HELP}
exit: 0 done, 1 the server or the call failed (a server without the resources capability: a note on
      stderr, or under --format json an empty answer with "note", exit 0 for a list), 2 bad usage,
      3 subscribe timed out with fewer updates than --count
examples:
  mcp-resource-inspector resources list -- node build/index.js
  mcp-resource-inspector resources read file:///notes.md --format text http://127.0.0.1:3001/mcp`;

class CliError extends Error {}

const ACTIONS = ["list", "templates", "read"] as const;

const RESOURCES = {
  prefix: "mcp-resource-inspector",
  usage: USAGE,
  options: {
    format: { type: "string" },
    index: { type: "string" },
    output: { type: "string" },
    input: { type: "string", multiple: true },
    count: { type: "string" },
    timeout: { type: "string" },
  },
} as const;

function usage(message: string): never {
  return usageExit(RESOURCES, message);
}

interface Call {
  action: "list" | "templates" | "read" | "subscribe";
  uri?: string;
  format: "json" | "text";
  index: number;
  output?: string;
  /** `--input name=value` answers for an input_required read. */
  inputs: string[];
  count?: number;
  timeoutMs: number;
  serverArgs: string[];
}

function parseCall(argv: string[]): Call {
  const [command, ...rest] = argv;
  const listed = ACTIONS.find((a) => a === rest[0]);
  const action: Call["action"] | undefined = command === "subscribe" ? "subscribe" : listed;
  // The first word of read/subscribe is the resource URI (even an https: one); a server URL follows.
  const withUri = action === "read" || action === "subscribe";
  const { values, words, serverArgs } = parseOneShot(listed ? rest.slice(1) : rest, {
    ...RESOURCES,
    words: withUri ? 1 : 0,
  });
  if (action === undefined) {
    const meant = rest[0] !== undefined ? closestWord(rest[0], ACTIONS) : undefined;
    usage(
      meant
        ? `unknown action "${rest[0]}": did you mean resources ${meant}?`
        : `expected "resources list|templates|read" or "subscribe"`,
    );
  }
  const uri = words[0];
  if (withUri && !uri) usage(`${action} needs a URI`);
  const format = values.format ?? "json";
  if (format !== "json" && format !== "text") usage(`--format must be json or text, got "${format}"`);
  const count = wholeNumber(RESOURCES, values.count, "count", 1);
  return {
    action,
    ...(uri !== undefined ? { uri } : {}),
    format,
    index: wholeNumber(RESOURCES, values.index, "index") ?? 0,
    ...(values.output !== undefined ? { output: values.output } : {}),
    inputs: values.input ?? [],
    ...(count !== undefined ? { count } : {}),
    timeoutMs: wholeNumber(RESOURCES, values.timeout, "timeout") ?? 30_000,
    serverArgs,
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

async function main(argv: string[]): Promise<void> {
  const call = parseCall(argv);
  const launched = oneServerLaunch(call.serverArgs, usage);
  const events: InspectorEvent[] = [];
  let onEvent: (e: InspectorEvent) => void = () => undefined;
  const { session, signIn } = await oneServerSession("cli", launched, {
    emit: (e) => {
      events.push(e);
      onEvent(e);
    },
  });
  try {
    await signIn.connect(session);
    if (call.action === "subscribe") {
      await subscribe(session, signIn, call, (listener) => (onEvent = listener));
      return;
    }
    // What the page and `lint` say of such a server, instead of asking it and printing its -32601.
    if (!session.capabilities?.resources)
      return unsupported(
        call,
        call.action,
        `${session.name} did not declare the resources capability when it connected, so there is nothing to list or read.`,
      );
    if (call.action === "list" || call.action === "templates") {
      let listed;
      try {
        listed =
          call.action === "list"
            ? await signIn.run(session, () => session.listResources(true))
            : await signIn.run(session, () => session.listTemplates(true));
      } catch (err) {
        // Templates are optional within the resources capability: not answering is no templates.
        if (call.action === "templates" && (err as { code?: unknown }).code === -32601)
          return unsupported(
            call,
            call.action,
            `${session.name} does not answer resources/templates/list (Method not found): it offers no resource templates.`,
          );
        throw err;
      }
      if (call.format === "text") {
        const lines = listed.items.map((item) =>
          "uri" in item
            ? [item.uri, item.name, item.mimeType ?? ""].join("\t")
            : [item.uriTemplate, item.name, item.mimeType ?? ""].join("\t"),
        );
        write(call, lines.length ? `${lines.join("\n")}\n` : "");
      } else {
        // The 2026-07-28 cache hints: the first page's, and each page's (list-bodies.ts, as the page has them).
        const answer = { [ANSWER_KEY[call.action]]: listed.items, pages: listed.pages, ...listed.hints };
        write(call, `${JSON.stringify({ ...answer, ...pageHints(listed) }, null, 2)}\n`);
      }
    } else {
      const uri = call.uri!;
      const first = await signIn.run(session, () => session.read(uri, true));
      const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
      const result = await answerInputRequired(uri, first, call.inputs, interactive, (answer) =>
        signIn.run(session, () => session.answerRead(uri, answer)),
      );
      write(
        call,
        call.format === "text" ? contentItem(result, call.index) : `${JSON.stringify(result, null, 2)}\n`,
      );
    }
  } finally {
    await session.close();
    await signIn.close();
  }
}

const ANSWER_KEY = { list: "resources", templates: "resourceTemplates", read: "contents" } as const;

/**
 * The server cannot do what was asked. Text: the note on stderr, exit 1. JSON: the empty answer
 * with the note, so a script reads it like any other; exit 0 for a list (it is empty: true), but
 * 1 for a read (nothing was read), whose note also goes to stderr.
 */
function unsupported(call: Call, action: keyof typeof ANSWER_KEY, note: string): void {
  if (call.format === "json") {
    const empty = action === "read" ? {} : { pages: 0 };
    write(call, `${JSON.stringify({ [ANSWER_KEY[action]]: [], ...empty, note }, null, 2)}\n`);
    if (action !== "read") return;
  }
  process.stderr.write(`${RESOURCES.prefix}: ${note}\n`);
  process.exitCode = 1;
}

/**
 * Print each re-read after `resources/updated` as one JSON line, until --count or --timeout. A
 * re-read refused for want of scope (a 403 step-up) ends the connection: sign in again, which
 * reconnects, re-subscribes and re-reads (heard as the next update); the time in the browser
 * does not count against --timeout.
 */
async function subscribe(
  session: McpSession,
  signIn: CliSignIn,
  call: Call,
  listen: (listener: (e: InspectorEvent) => void) => void,
): Promise<void> {
  const uri = call.uri!;
  let seen = 0;
  const timedOut = await new Promise<boolean>((resolve, reject) => {
    let left = call.timeoutMs;
    let since = Date.now();
    let timer: NodeJS.Timeout | undefined = setTimeout(() => resolve(true), left);
    const pause = () => {
      clearTimeout(timer);
      left -= Date.now() - since;
    };
    const resume = () => {
      since = Date.now();
      timer = setTimeout(() => resolve(true), Math.max(0, left));
    };
    const fail = (err: unknown) => {
      clearTimeout(timer);
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    let regaining = false;
    listen((e) => {
      if (!regaining && session.status === "disconnected" && session.auth?.status === "needs-sign-in") {
        regaining = true;
        pause();
        signIn.regain(session).then(() => {
          regaining = false;
          resume();
        }, fail);
      }
      if (e.type !== "resource-updated" || e.uri !== uri || e.version === 0 || !e.changed) return;
      const kept = session.watches.get(uri)?.get(e.version)?.result;
      (kept ? Promise.resolve(kept) : signIn.run(session, () => session.read(uri))).then((result) => {
        process.stdout.write(
          `${JSON.stringify({ uri, version: e.version, at: new Date(e.at).toISOString(), result })}\n`,
        );
        if (call.count !== undefined && ++seen >= call.count) {
          clearTimeout(timer);
          resolve(false);
        }
      }, fail);
    });
    signIn.run(session, () => session.watch(uri)).catch(fail);
  });
  // Fewer updates than asked for is not success: a script waiting for N must hear it (exit 3).
  if (timedOut && call.count !== undefined && seen < call.count) {
    process.stderr.write(
      `${RESOURCES.prefix}: subscribe: ${seen} of ${call.count} update(s) of ${uri} within ${call.timeoutMs} ms\n`,
    );
    process.exitCode = 3;
  }
}

/** The command, as bin.mjs runs it (from its bundle, or its source under tsx). */
export function run(argv: string[]): Promise<void> {
  return main(argv).catch(reportFailure(RESOURCES.prefix));
}
