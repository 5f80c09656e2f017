/**
 * Issue #12 figure: the one-shot `resources list` against the demo server, whole process time,
 * beside a bare script that does the same with the SDK client (the floor), interleaved.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { median, ms, type Row } from "./harness";

const exec = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const BARE = `
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
const client = new Client({ name: "bare", version: "1" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [process.argv[1]] }));
const all = [];
let cursor;
do {
  const page = await client.listResources(cursor ? { cursor } : {});
  all.push(...page.resources);
  cursor = page.nextCursor;
} while (cursor);
process.stdout.write(JSON.stringify({ resources: all }));
await client.close();
`;

export async function oneShotList(): Promise<Row[]> {
  const demo = path.resolve("dist/demo-server.mjs");
  const timed = async (args: string[]) => {
    const t0 = performance.now();
    const r = await exec(process.execPath, args, { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 });
    const n = (JSON.parse(r.stdout) as { resources: unknown[] }).resources.length;
    return { ms: performance.now() - t0, n };
  };
  const cli: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const a = await timed(["server/cli/bin.mjs", "resources", "list", "--", process.execPath, demo]);
    const b = await timed(["--input-type=module", "-e", BARE, demo]);
    if (a.n !== b.n) throw new Error(`the CLI listed ${a.n} resources, the bare client ${b.n}`);
    cli.push(a.ms);
    bare.push(b.ms);
  }
  const ratio = median(cli) / median(bare);
  return [
    [
      `one-shot resources list (demo, stdio): process start → exit, median of ${RUNS}`,
      ms(median(cli)),
      `bare SDK script ${ms(median(bare))}; ratio ${ratio.toFixed(2)}× (goal ≤ 1.5×)  [${cli.map((x) => x.toFixed(0)).join(", ")}]`,
    ],
  ];
}
