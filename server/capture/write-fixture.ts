/**
 * Writes the committed capture fixture that keeps old captures readable (issue 25: "a capture made
 * on this version opens on the next"): the real writer, "capture all", over host-fixture.mjs with
 * a paged listing, a PNG, a read that fails, and a template read.
 *
 *   node --conditions=react-server --import tsx server/capture/write-fixture.ts lib/capture/fixtures/v<N>.mcpcapture.json.gz
 *
 * Run it only for a deliberate format change, after raising CAPTURE_VERSION, to add the new
 * version's fixture beside the old ones — never to rewrite an existing one (lib/capture/fixture.test.ts).
 */
import { existsSync, writeFileSync } from "node:fs";
import { encodeCapture } from "@/lib/capture/format";
import { readConfig } from "@/server/mcp/config";
import { McpSession } from "@/server/mcp/session";
import { captureSession } from "./writer";

const out = process.argv[2];
if (!out) throw new Error("usage: write-fixture.ts OUT.mcpcapture.json.gz");
if (existsSync(out)) throw new Error(`${out} exists: a committed fixture is never rewritten`);

// A relative command line, run from the repository's root: the file names no one's home folder.
const session = new McpSession(
  "fixture",
  {
    kind: "stdio",
    program: "node",
    args: ["e2e/fixtures/servers/host-fixture.mjs", "paged", "png", "read-error"],
    env: {},
  },
  readConfig(),
  () => undefined,
  "host-fixture",
);
try {
  await session.connect();
  await session.read("host://items/7");
  const capture = await captureSession(session, { all: true });
  writeFileSync(out, await encodeCapture(capture));
  process.stdout.write(`wrote ${out}: ${capture.reads.length} reads, format version ${capture.version}\n`);
} finally {
  await session.close();
}
