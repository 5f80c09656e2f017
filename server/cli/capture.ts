/**
 * `mcp-resource-inspector capture [--output F] [--all] [--max-bytes N] [-- command… | URL]`: one
 * server's whole state as a capture file (issue 25), headless — the same writer and file as the
 * page's Capture button (server/capture/writer.ts, lib/capture/format.ts): its card, both listings
 * page by page, with `--all` every listed resource read up to the byte budget, its traffic and
 * stderr, no secret value. Exit 0 written, 1 the server could not be reached (or failed), 2 bad
 * usage. Progress on stderr only when stderr is a terminal. Runs with `--conditions=react-server`
 * (bin.mjs) like `lint`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  captureFileName,
  captureProgressText,
  DEFAULT_CAPTURE_MB,
  MAX_CAPTURE_BYTES,
} from "@/lib/capture/capture-request";
import { encodeCapture, type Capture } from "@/lib/capture/format";
import { formatBytes } from "@/lib/content/content-kind";
import { captureSession } from "../capture/writer";
import { oneServerLaunch, oneServerSession, reportFailure } from "./one-server";
import { parseOneShot, usageExit, wholeNumber } from "./one-shot-args";
import { SIGN_IN_HELP } from "./sign-in";

const USAGE = `usage: mcp-resource-inspector capture [options] [-- command… | URL]
  --output FILE          where the capture goes; - for stdout
                         (default: NAME-TIME.mcpcapture.json.gz in the current folder)
  --all                  also read every listed resource, until --max-bytes of content
  --max-bytes N          the byte budget of --all (default: ${DEFAULT_CAPTURE_MB} MB; at most ${MAX_CAPTURE_BYTES})
  --format gzip|json     gzip (default, what the app opens); json: the same, uncompressed and indented
  server: -- command args… (-e KEY=VALUE, --cwd DIR) | URL (-H "Name: value", --transport)
          | --config FILE --server NAME
  --era auto|legacy|modern   protocol era (default auto: probes server/discover, else initialize)
${SIGN_IN_HELP}
exit: 0 written, 1 the server could not be reached or failed, 2 bad usage
examples:
  mcp-resource-inspector capture --all -- node build/index.js
  mcp-resource-inspector capture --output - https://example.com/mcp > server.mcpcapture.json.gz`;

const CAPTURE_COMMAND = {
  prefix: "mcp-resource-inspector capture",
  usage: USAGE,
  options: {
    output: { type: "string", short: "o" },
    all: { type: "boolean" },
    "max-bytes": { type: "string" },
    format: { type: "string" },
  },
} as const;

function usage(message: string): never {
  return usageExit(CAPTURE_COMMAND, message);
}

interface Call {
  output?: string;
  all: boolean;
  maxBytes?: number;
  format: "gzip" | "json";
  serverArgs: string[];
}

function parseCapture(argv: string[]): Call {
  const { values, serverArgs } = parseOneShot(argv, CAPTURE_COMMAND);
  const maxBytes = wholeNumber(CAPTURE_COMMAND, values["max-bytes"], "max-bytes");
  if (maxBytes !== undefined && maxBytes > MAX_CAPTURE_BYTES)
    usage(`--max-bytes is at most ${MAX_CAPTURE_BYTES} (1 GB), got ${maxBytes}`);
  if (maxBytes !== undefined && !values.all) usage("--max-bytes is the budget of --all; add --all");
  const format = values.format ?? "gzip";
  if (format !== "gzip" && format !== "json") usage(`--format must be gzip or json, got "${format}"`);
  if (values.output === "") usage("--output cannot be empty");
  if (values.output === "-" && format === "gzip" && process.stdout.isTTY)
    usage("--output - would write gzip bytes to the terminal; redirect stdout, or add --format json");
  return {
    ...(values.output !== undefined ? { output: values.output } : {}),
    all: values.all === true,
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    format,
    serverArgs,
  };
}

async function fileBytes(capture: Capture, format: Call["format"]): Promise<Uint8Array> {
  return format === "gzip"
    ? encodeCapture(capture)
    : new TextEncoder().encode(`${JSON.stringify(capture, null, 2)}\n`);
}

/** "Captured demo: 12 resources, 3 reads (4.1 KB) → ./demo-….mcpcapture.json.gz" */
function summary(capture: Capture, bytes: number, where: string): string {
  const resources = capture.resources.pages.reduce((n, p) => n + p.items.length, 0);
  const skipped = capture.budget.skipped.length;
  // A read the server answered with an error is kept (its error is the evidence) and counted apart.
  const failed = capture.reads.filter((r) => "error" in r).length;
  const parts = [
    `${resources} resource${resources === 1 ? "" : "s"}`,
    `${capture.reads.length} read${capture.reads.length === 1 ? "" : "s"}`,
    ...(failed ? [`${failed} of them failed`] : []),
    ...(skipped ? [`${skipped} skipped (byte budget)`] : []),
  ];
  return `Captured ${capture.name}: ${parts.join(", ")} (${formatBytes(bytes)}) → ${where}`;
}

async function main(argv: string[]): Promise<void> {
  const call = parseCapture(argv);
  const launched = oneServerLaunch(call.serverArgs, usage);
  const { session, signIn } = await oneServerSession("capture", launched);
  const tty = process.stderr.isTTY;
  try {
    await signIn.connect(session);
    const capture = await captureSession(session, {
      all: call.all,
      ...(call.maxBytes !== undefined ? { maxBytes: call.maxBytes } : {}),
      ...(tty ? { onProgress: (p) => process.stderr.write(`\r\x1b[K${captureProgressText(p)}`) } : {}),
    });
    if (tty) process.stderr.write("\r\x1b[K");
    const bytes = await fileBytes(capture, call.format);
    const named = captureFileName(capture.name);
    const target = call.output ?? (call.format === "json" ? named.replace(/\.gz$/, "") : named);
    if (target === "-") {
      process.stdout.write(bytes);
      process.stderr.write(`${summary(capture, bytes.byteLength, "stdout")}\n`);
    } else {
      writeFileSync(target, bytes);
      const shown = path.isAbsolute(target) ? target : `./${path.normalize(target)}`;
      process.stdout.write(`${summary(capture, bytes.byteLength, shown)}\n`);
    }
  } finally {
    await session.close();
    await signIn.close();
  }
}

/** The command, as bin.mjs runs it (from its bundle, or its source under tsx). */
export function run(argv: string[]): Promise<void> {
  return main(argv).catch(reportFailure(CAPTURE_COMMAND.prefix));
}
