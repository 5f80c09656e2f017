/**
 * `--open=FILE` as a user runs it (issue 32, item 6): a real launcher process, which must refuse
 * a FIFO, `/dev/zero` and a link to it before opening them (it hung in `open()`, or read without
 * end), and name a file that is no capture without quoting what it holds. One line, exit 2,
 * before anything is built or listens.
 */
import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCli } from "@/server/testing/check-cli";

const dir = mkdtempSync(path.join(tmpdir(), "mcp-open-files-"));
const fifo = path.join(dir, "pipe.mcpcapture.json.gz");
const SECRET = "sk-live-2b9c-never-printed";

afterAll(() => {
  // A launcher still blocked in open() (the fault this tests) is let go before the folder goes.
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // no reader waits on it
  }
  rmSync(dir, { recursive: true, force: true });
});

const open = (file: string) =>
  runCli(["--no-open", `--open=${file}`], { cwd: dir, env: { MCP_INSPECTOR_SKIP_BUILD: "1", PORT: "0" } });

it("--open on a FIFO, /dev/zero or a link to it: refused before opening, one line, exit 2", async () => {
  execFileSync("mkfifo", [fifo]);
  const link = path.join(dir, "zero.mcpcapture.json.gz");
  symlinkSync("/dev/zero", link);
  for (const [given, named] of [
    [fifo, fifo],
    ["/dev/zero", "/dev/zero"],
    [link, link],
  ] as const) {
    const r = await open(given);
    expect([r.code, r.stderr], given).toEqual([
      2,
      `mcp-resource-inspector: ${named}: not a regular file (a capture file must be one) (see --help)\n`,
    ]);
  }
}, 30_000);

it("--open on a file that is no capture names it and never quotes it", async () => {
  const file = path.join(dir, "notes.env");
  writeFileSync(file, `API_KEY=${SECRET}\n`);
  const r = await open(file);
  expect([r.code, r.stderr]).toEqual([
    2,
    `mcp-resource-inspector: ${file}: not a capture file (not gzip or JSON) (see --help)\n`,
  ]);
  expect(r.stdout + r.stderr).not.toContain("API_KEY");
});
