/**
 * Issue #14 figures, each beside its floor measured in the same run:
 * - the JavaScript the first page loads, gzipped, from the build's manifests (and a blank page's);
 * - page load → the paste box is interactive, against a blank page of the same build;
 * - connect → first tree row in the page, against a bare SDK client's spawn + initialize + full list;
 * - click a resource → its content shown, and a template read → shown, against the API read.
 * Times in the page are taken in the page (performance.now, a MutationObserver), so Playwright's
 * own round trips are not counted. `BENCH_RUNS` sets the runs; the smoke test uses 1.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Browser, Page } from "@playwright/test";
import {
  api,
  closeSessions,
  median,
  ms,
  timedInPage,
  TOKEN as BENCH_TOKEN,
  type App,
  type Row,
} from "./harness";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export const EVERYTHING_ARGS = [
  "node_modules/@modelcontextprotocol/server-everything/dist/index.js",
  "stdio",
];
export const EVERYTHING = `node ${EVERYTHING_ARGS.join(" ")}`;
export const GOALS = { firstPageKb: 190, interactiveMs: 500, connectOverBareMs: 150, clickOverReadMs: 100 };

export interface FirstPageScripts {
  files: string[];
  gzipBytes: number;
  /** What a page with only the layout (the blank page) loads: the framework's floor. */
  floorGzipBytes: number;
}

/** Every script the first page loads, from the build's own manifests (`root` holds `.next`). */
export function firstPageScripts(root = process.cwd()): FirstPageScripts {
  const next = path.join(root, ".next");
  const build = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const entries = (page: string): Record<string, string[]> => {
    const src = readFileSync(
      path.join(next, "server/app", page, "..", `${path.basename(page)}_client-reference-manifest.js`),
      "utf8",
    );
    // The manifest is a script: `globalThis.__RSC_MANIFEST["/page"] = {…JSON…};`.
    const assigned = new RegExp(
      `__RSC_MANIFEST\\[${JSON.stringify(`/${page}`)}\\] = (\\{.*\\});?\\s*$`,
      "s",
    ).exec(src);
    if (!assigned?.[1]) throw new Error(`no client manifest for /${page}`);
    const manifest = JSON.parse(assigned[1]) as { entryJSFiles: Record<string, string[]> };
    return manifest.entryJSFiles;
  };
  const pick = (page: string) => {
    const files = new Set(build.rootMainFiles);
    for (const [entry, chunks] of Object.entries(entries(page)))
      if (entry.endsWith("/app/layout") || entry.endsWith(`/app/${page}`))
        for (const c of chunks) files.add(c);
    return [...files];
  };
  const gz = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(next, f)), { level: 9 }).length, 0);
  const files = pick("page");
  return { files, gzipBytes: gz(files), floorGzipBytes: gz(pick("blank/page")) };
}

// The in-page parts are strings: tsx would wrap named functions passed to page.evaluate in a
// helper the page does not have.

/** Marks, in the page, when `selector` first matches an element React has attached itself to. */
export async function loadUntilReady(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  return page.evaluate<number>(`new Promise((resolve) => {
    const ready = () => {
      const el = document.querySelector(${JSON.stringify(selector)});
      return el !== null && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
    };
    if (ready()) return resolve(performance.now());
    const timer = setInterval(() => {
      if (!ready()) return;
      clearInterval(timer);
      resolve(performance.now());
    }, 2);
  })`);
}

async function bareSdkList(): Promise<number> {
  const t0 = performance.now();
  const client = new Client({ name: "bench-bare", version: "1" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: EVERYTHING_ARGS, stderr: "ignore" }),
  );
  let cursor: string | undefined;
  do {
    const listed = await client.listResources(cursor ? { cursor } : {});
    cursor = listed.nextCursor;
  } while (cursor);
  const took = performance.now() - t0;
  await client.close();
  return took;
}

export const treeItem = (name: string) =>
  `return [...document.querySelectorAll('[role="treeitem"]')].find((e) => e.textContent?.startsWith(${JSON.stringify(name)}))`;
export const viewerHas = (text: string) =>
  `return document.querySelector('section[aria-label="Resource content"]')?.textContent?.includes(${JSON.stringify(text)}) ?? false`;

/** What the page must show for a read: its first line as the viewer renders it (a heading's text). */
export function shownSnippet(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line
    .replace(/^#+\s*/, "")
    .replace(/[*_`[\]]/g, "")
    .trim()
    .slice(0, 24);
}

async function apiRead(
  page: Page,
  token: string,
  sessionId: string,
  uri: string,
): Promise<{ ms: number; text: string }> {
  const url = `/api/sessions/${sessionId}/read?${new URLSearchParams({ uri }).toString()}`;
  return page.evaluate<{ ms: number; text: string }>(`(async () => {
    const t0 = performance.now();
    const res = await fetch(${JSON.stringify(url)}, { headers: { Authorization: "Bearer ${token}" } });
    const body = await res.json();
    return { ms: performance.now() - t0, text: body.contents[0]?.text ?? "" };
  })()`);
}

export async function pageFigures(
  app: Pick<App, "base" | "token">,
  browser: Browser,
  runs = RUNS,
): Promise<Row[]> {
  const RUNS = runs;
  const TOKEN = app.token ?? BENCH_TOKEN;
  const scripts = firstPageScripts();
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const rows: Row[] = [
    [
      `first page JavaScript, gzipped (${scripts.files.length} files)`,
      kb(scripts.gzipBytes),
      `goal ≤ ${GOALS.firstPageKb} KB; blank page of the same build ${kb(scripts.floorGzipBytes)}`,
    ],
  ];

  // Page load → interactive, interleaved with the blank page. Each run is a fresh tab with a warm
  // HTTP cache, as a user reopening the inspector has (the first load of a run is left out).
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const ours: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const a = await context.newPage();
    const t = await loadUntilReady(a, `${app.base}/?token=${TOKEN}`, "textarea");
    await a.close();
    const b = await context.newPage();
    const f = await loadUntilReady(b, `${app.base}/blank`, "p");
    await b.close();
    if (i === 0) continue;
    ours.push(t);
    floor.push(f);
  }
  rows.push([
    `page load → paste box interactive, median of ${RUNS}`,
    ms(median(ours)),
    `goal ≤ ${GOALS.interactiveMs} ms; blank page ${ms(median(floor))} (${(median(ours) / median(floor)).toFixed(2)}×) [${ours.map((x) => x.toFixed(0)).join(", ")}]`,
  ]);

  // Connect → first tree row, against the bare SDK, interleaved.
  const connect: number[] = [];
  const bare: number[] = [];
  const page = await context.newPage();
  for (let i = 0; i < RUNS; i++) {
    bare.push(await bareSdkList());
    await page.goto(`${app.base}/?token=${TOKEN}`);
    const box = page.getByRole("textbox", { name: /command/i });
    await box.fill(EVERYTHING);
    await box.press("Enter");
    await page.getByRole("button", { name: /run server/i }).waitFor();
    connect.push(
      await timedInPage(
        page,
        `[...document.querySelectorAll("button")].find((b) => /run server/i.test(b.textContent ?? "")).click()`,
        `return document.querySelector('[role="treeitem"]') !== null`,
      ),
    );
    if (i < RUNS - 1) await closeSessions(app);
  }
  const over = median(connect) - median(bare);
  rows.push([
    `connect → first tree row (server-everything), median of ${RUNS}`,
    ms(median(connect)),
    `bare SDK spawn+initialize+list ${ms(median(bare))}; +${ms(over)} (goal ≤ +${GOALS.connectOverBareMs} ms) [${connect.map((x) => x.toFixed(0)).join(", ")}]`,
  ]);

  // Click a markdown resource → shown; a template read → shown; each against the API read.
  const { sessions } = await api<{ sessions: { id: string }[] }>(app, "/api/sessions");
  const sessionId = sessions[0]!.id;
  const docs = ["architecture.md", "extension.md", "features.md", "how-it-works.md", "instructions.md"];
  const click: number[] = [];
  const template: number[] = [];
  const reads: number[] = [];
  const templateReads: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh page each run: nothing read yet, the lazy parts fetched while the user looks.
    await page.goto(`${app.base}/?token=${TOKEN}`);
    await page.getByRole("treeitem").first().waitFor();
    await page.waitForTimeout(1_500);
    const doc = docs[i % docs.length]!;
    const uri = `demo://resource/static/document/${doc}`;
    const read = await apiRead(page, TOKEN, sessionId, uri);
    click.push(
      await timedInPage(page, `(() => { ${treeItem(doc)} })().click()`, viewerHas(shownSnippet(read.text))),
    );
    reads.push((await apiRead(page, TOKEN, sessionId, uri)).ms);

    const id = String(i + 1);
    const templateUri = `demo://resource/dynamic/text/${id}`;
    const expected = await apiRead(page, TOKEN, sessionId, templateUri);
    await page.getByRole("button", { name: "Fill in Dynamic Text Resource" }).click();
    const form = page.getByRole("form", { name: /dynamic\/text/ });
    await form.getByRole("combobox", { name: "resourceId" }).fill(id);
    await form.getByRole("status", { name: "Expanded URI" }).filter({ hasText: templateUri }).waitFor();
    template.push(
      await timedInPage(
        page,
        `[...document.querySelectorAll('form[aria-label*="dynamic/text"] button[type="submit"]')][0].click()`,
        viewerHas(shownSnippet(expected.text)),
      ),
    );
    templateReads.push((await apiRead(page, TOKEN, sessionId, templateUri)).ms);
  }
  await context.close();
  await closeSessions(app);
  const clickOver = median(click) - median(reads);
  const templateOver = median(template) - median(templateReads);
  rows.push(
    [
      `click a markdown resource → shown, median of ${RUNS}`,
      ms(median(click)),
      `API read ${ms(median(reads))}; +${ms(clickOver)} (goal ≤ +${GOALS.clickOverReadMs} ms) [${click.map((x) => x.toFixed(0)).join(", ")}]`,
    ],
    [
      `template read → shown, median of ${RUNS}`,
      ms(median(template)),
      `API read ${ms(median(templateReads))}; +${ms(templateOver)} (goal ≤ +${GOALS.clickOverReadMs} ms) [${template.map((x) => x.toFixed(0)).join(", ")}]`,
    ],
  );
  return rows;
}
