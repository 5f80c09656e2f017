/**
 * Issue #12 figures: the packed package installed into an empty folder (its size, package and
 * dependencies), and process start → ready line printed and /api/health answering, installed and
 * from this clone's current build (`node server/cli/bin.mjs`, the bundled launcher), interleaved.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { packAndInstall } from "../support/pack";
import { median, ms, startApp, stopApp, type Row } from "./harness";

const exec = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

export async function packageFigures(): Promise<Row[]> {
  const tmp = mkdtempSync(path.join(tmpdir(), "mcp-bench-package-"));
  try {
    const { tgz, project, pkgDir } = await packAndInstall(tmp);
    const du = await exec("du", ["-sk", path.join(project, "node_modules")]);
    const installedMb = Number(du.stdout.split("\t")[0]) / 1024;
    const bin = path.join(pkgDir, "server", "cli", "bin.mjs");
    const args = ["--port", "0", "--no-open"];
    const installed: number[] = [];
    const clone: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const a = await startApp({}, [bin, ...args], project);
      installed.push(a.startMs);
      await stopApp(a);
      const b = await startApp({}, ["server/cli/bin.mjs", ...args]);
      clone.push(b.startMs);
      await stopApp(b);
    }
    const list = (xs: number[]) => `[${xs.map((x) => x.toFixed(0)).join(", ")}]`;
    return [
      [
        "installed size (npm install <tgz>, empty folder)",
        `${installedMb.toFixed(1)} MB`,
        `goal ≤ 60 MB; tarball ${(statSync(tgz).size / 1024 / 1024).toFixed(1)} MB`,
      ],
      [
        `installed: start → ready + health, median of ${RUNS}`,
        ms(median(installed)),
        `goal ≤ 600 ms  ${list(installed)}`,
      ],
      [
        `clone (bin.mjs, built): start → ready + health, median of ${RUNS}`,
        ms(median(clone)),
        `goal ≤ 600 ms  ${list(clone)}`,
      ],
    ];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
