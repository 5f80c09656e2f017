/**
 * Issue #25 figures: capture server-everything with `--all` and open the file in the page; open a
 * capture of 10,000 resources until its tree shows; compare two 10,000-resource captures that
 * differ in 100 resources until the page shows the diff (and `diff` on the command line, whole
 * process). Files are written by the real CLI; the page opens them through "Open capture…" (the
 * file input a user picks with), and compares through the Compare view.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { decodeCapture, encodeCapture } from "../../lib/capture/format";
import { closeSessions, median, ms, TOKEN, type App, type Row } from "./harness";

const exec = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EVERYTHING = path.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const DEMO = path.resolve("dist/demo-server.mjs");

const runs = (xs: number[]) => `[${xs.map((x) => x.toFixed(0)).join(", ")}]`;

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ ms: number; code: number }> {
  const t0 = performance.now();
  try {
    await exec(process.execPath, ["server/cli/bin.mjs", ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ms: performance.now() - t0, code: 0 };
  } catch (err) {
    const code = (err as { code?: number }).code;
    if (typeof code !== "number") throw err;
    return { ms: performance.now() - t0, code };
  }
}

async function freshPage(browser: Browser, app: App): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${app.base}/?token=${TOKEN}`);
  await step("page load", async () => {
    try {
      await page.getByRole("button", { name: /try the demo server/i }).waitFor();
    } catch (err) {
      await page.screenshot({ path: path.join(tmpdir(), "bench-capture-failed.png") });
      throw err;
    }
  });
  return page;
}

/** Open a capture file as a user picks it; resolves once the banner and the tree's `root` show. */
async function openInPage(page: Page, file: string, root: string | RegExp): Promise<number> {
  return step(`open ${path.basename(file)}`, () => openTimed(page, file, root));
}

/** A failed step names itself: a bare Playwright timeout says nothing of which wait it was. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new Error(`${what}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
  }
}

async function openTimed(page: Page, file: string, root: string | RegExp): Promise<number> {
  const t0 = performance.now();
  await page.getByLabel("Capture file").setInputFiles(file);
  await page.getByRole("note", { name: "Capture" }).waitFor({ timeout: 30_000 });
  await page
    .getByRole("tree")
    .first()
    .getByRole("treeitem", { name: root, exact: typeof root === "string" })
    .waitFor({ timeout: 30_000 });
  return performance.now() - t0;
}

export async function captureFigures(app: App, browser: Browser): Promise<Row[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-capture-"));
  try {
    // 1. server-everything, every resource read: the CLI's whole process, then the page opens it.
    const capture: number[] = [];
    const open: number[] = [];
    const total: number[] = [];
    const everything = path.join(dir, "everything.mcpcapture.json.gz");
    for (let i = 0; i < RUNS; i++) {
      const c = await cli([
        "capture",
        "--all",
        "--output",
        everything,
        "--",
        process.execPath,
        EVERYTHING,
        "stdio",
      ]);
      if (c.code !== 0) throw new Error(`capture exited ${c.code}`);
      const page = await freshPage(browser, app);
      // Its one folder chain shows as one row, its seven documents under it.
      const o = await openInPage(page, everything, /^architecture\.md/);
      await page.close();
      await closeSessions(app);
      capture.push(c.ms);
      open.push(o);
      total.push(c.ms + o);
    }
    const reads = (await decodeCapture(new Uint8Array(readFileSync(everything)))).reads.length;

    // 2. 10,000 resources (the demo server, 100 a page): the file, then the page until the tree shows.
    const tenK = path.join(dir, "10k-a.mcpcapture.json.gz");
    const made = await cli([
      "capture",
      "--output",
      tenK,
      ...["-e", "DEMO_RESOURCE_COUNT=10000", "-e", "DEMO_PAGE_SIZE=100"],
      "--",
      process.execPath,
      DEMO,
    ]);
    if (made.code !== 0) throw new Error(`10k capture exited ${made.code}`);
    const a = await decodeCapture(new Uint8Array(readFileSync(tenK)));
    const listed = a.resources.pages.reduce((n, p) => n + p.items.length, 0);
    const openTenK: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await freshPage(browser, app);
      openTenK.push(await openInPage(page, tenK, "items"));
      await page.close();
      await closeSessions(app);
    }

    // 3. The same listing with 100 resources changed: every 100th gets a new description.
    const b = structuredClone(a);
    let changed = 0;
    let at = 0;
    for (const page of b.resources.pages)
      for (const item of page.items)
        if (at++ % 100 === 0 && changed < 100) item.description = `changed in build B (${changed++})`;
    if (changed !== 100) throw new Error(`changed ${changed} resources, not 100`);
    const tenKb = path.join(dir, "10k-b.mcpcapture.json.gz");
    writeFileSync(tenKb, await encodeCapture(b));
    const cliDiff: number[] = [];
    const pageDiff: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const d = await cli(["diff", tenK, tenKb, "--format", "json"]);
      if (d.code !== 1) throw new Error(`diff exited ${d.code}, not 1 (different)`);
      cliDiff.push(d.ms);
      const page = await freshPage(browser, app);
      await openInPage(page, tenK, "items");
      await openInPage(page, tenKb, "items");
      await page.getByRole("button", { name: "Compare…" }).click();
      const form = page.getByRole("form", { name: "Compare two servers" });
      // Both files name the same server: pick by position, the file opened first as Before.
      await form.getByRole("combobox", { name: "Before" }).waitFor();
      const count = await form.getByRole("combobox", { name: "Before" }).locator("option").count();
      if (count !== 2) throw new Error(`the picker offers ${count} sessions, not the 2 captures`);
      await form.getByRole("combobox", { name: "Before" }).selectOption({ index: 0 });
      await form.getByRole("combobox", { name: "After" }).selectOption({ index: 1 });
      const t0 = performance.now();
      await form.getByRole("button", { name: "Compare", exact: true }).click();
      await step("compare", () =>
        page
          .getByRole("status")
          .filter({ hasText: /^100 changes from / })
          .first()
          .waitFor({ timeout: 30_000 }),
      );
      pageDiff.push(performance.now() - t0);
      await page.close();
      await closeSessions(app);
    }
    return [
      [
        `capture --all server-everything (CLI, whole process) + open in the page, median of ${RUNS}`,
        ms(median(total)),
        `goal < 2 s; capture ${ms(median(capture))}, open → tree ${ms(median(open))}; ${reads} reads  ${runs(total)}`,
      ],
      [
        `open a capture of ${listed.toLocaleString("en-US")} resources → tree shown, median of ${RUNS}`,
        ms(median(openTenK)),
        `goal < 1.5 s; file ${(readFileSync(tenK).length / 1024).toFixed(0)} KiB  ${runs(openTenK)}`,
      ],
      [
        `compare two 10k captures differing in 100 (page: Compare → summary), median of ${RUNS}`,
        ms(median(pageDiff)),
        `goal < 1 s; diff CLI whole process ${ms(median(cliDiff))}  ${runs(pageDiff)}`,
      ],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
