/**
 * `npm run bench -- inspector` (issue #34): our page side by side with the official MCP Inspector
 * 2.12.0 on this machine, both in the same Chromium against the same server (server-everything
 * over stdio, run with node), runs interleaved (the order alternating), medians:
 * - page load → the first control interactive (our paste box; their server card's connect switch);
 * - paste a server → the resource list visible (ours: paste the command, Enter, "Run server" as
 *   soon as the review shows it; theirs, the server given on its command line: the card's connect
 *   switch, then "Resources" as soon as it can be clicked);
 * - click a markdown resource → its heading rendered.
 * The official package is not a dependency of ours: it is installed on first use into a cache folder
 * outside the repository (it needs the registry). It declares node ≥ 22.19; its web UI runs on 20.
 * Their selectors come from their built files (clients/web/dist/assets): list items are
 * `button.list-item` (UnstyledButton variant listItem), markdown renders into `.markdown-content`,
 * the screens are the radios of a SegmentedControl, the connect switch is a checkbox input.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { closeSessions, median, ms, timedInPage, TOKEN as BENCH_TOKEN, type App, type Row } from "./harness";
import { EVERYTHING, EVERYTHING_ARGS, loadUntilReady, shownSnippet, treeItem, viewerHas } from "./page";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VERSION = "2.12.0";
const PACKAGE = `@modelcontextprotocol/inspector@${VERSION}`;
export const OFFICIAL_DIR = path.join(tmpdir(), "mcp-inspector-bench-official");
const INSTALLED = path.join(OFFICIAL_DIR, "node_modules/@modelcontextprotocol/inspector");
const DOCS = ["architecture.md", "extension.md", "features.md", "how-it-works.md", "instructions.md"];

/** The official package in the cache folder, installed there on first use. */
function ensureOfficial(): { launcher: string; engines: string } {
  const manifest = path.join(INSTALLED, "package.json");
  const installedVersion = () =>
    existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version : null;
  if (installedVersion() !== VERSION) {
    console.log(`installing ${PACKAGE} into ${OFFICIAL_DIR} (first use) …`);
    const npm = spawnSync(
      "npm",
      ["install", "--prefix", OFFICIAL_DIR, "--no-audit", "--no-fund", "--no-save", PACKAGE],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    if (npm.status !== 0 || installedVersion() !== VERSION)
      throw new Error(
        `cannot install ${PACKAGE} into ${OFFICIAL_DIR} (is the npm registry reachable?): ${(npm.stderr || npm.error?.message || "").trim().split("\n").slice(-3).join(" ")}`,
      );
  }
  const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
    bin: Record<string, string>;
    engines?: { node?: string };
  };
  return { launcher: path.join(INSTALLED, pkg.bin["mcp-inspector"]!), engines: pkg.engines?.node ?? "any" };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Official {
  proc: ChildProcess;
  base: string;
  storage: string;
}

/** Their web UI on a free port, auth off (a local bench), with server-everything as its one server. */
async function startOfficial(launcher: string): Promise<Official> {
  const port = await freePort();
  const storage = mkdtempSync(path.join(tmpdir(), "mcp-inspector-bench-official-store-"));
  const everything = path.resolve(EVERYTHING_ARGS[0]!);
  const proc = spawn(
    process.execPath,
    [launcher, "--web", process.execPath, everything, ...EVERYTHING_ARGS.slice(1)],
    {
      cwd: OFFICIAL_DIR,
      // Its own process group: stopping it takes the servers it spawned along.
      detached: true,
      env: {
        ...process.env,
        CLIENT_PORT: String(port),
        MCP_SANDBOX_PORT: "0",
        MCP_APP_ORIGIN_PORT: "0",
        DANGEROUSLY_OMIT_AUTH: "true",
        MCP_AUTO_OPEN_ENABLED: "false",
        MCP_STORAGE_DIR: storage,
        MCP_INSPECTOR_SECRET_STORE: "memory",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  const collect = (d: Buffer) => (log += d.toString());
  proc.stdout?.on("data", collect);
  proc.stderr?.on("data", collect);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the official inspector exited: ${log.trim().slice(-400)}`);
    const r = await fetch(base).catch(() => null);
    if (r?.ok) break;
    if (Date.now() > deadline)
      throw new Error(`the official inspector did not start in 60 s: ${log.slice(-400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, base, storage };
}

async function stopOfficial(o: Official): Promise<void> {
  if (o.proc.exitCode === null) {
    const exited = new Promise((r) => o.proc.once("exit", r));
    process.kill(-o.proc.pid!, "SIGTERM");
    await exited;
  }
  rmSync(o.storage, { recursive: true, force: true });
}

const docText = (doc: string) =>
  readFileSync(path.join(path.dirname(path.resolve(EVERYTHING_ARGS[0]!)), "docs", doc), "utf8");

const THEIR_SWITCH = 'input[type="checkbox"][role="switch"], .mantine-Switch-input';
const theirItem = (name: string) =>
  `return [...document.querySelectorAll("button.list-item")].find((b) => b.textContent?.trim() === ${JSON.stringify(name)})`;

/** One run in their UI, loaded: connect → list, then click a document → rendered; disconnects after. */
async function theirRun(page: Page, doc: string): Promise<[number, number]> {
  const connect = await timedInPage(
    page,
    `document.querySelector(${JSON.stringify(THEIR_SWITCH)}).click()`,
    // The list is a screen of its own: open it the moment its radio is there.
    `const tab = document.querySelector('input[type="radio"][value="Resources"]');
     if (tab && !tab.checked) tab.click();
     return Boolean((() => { ${theirItem("architecture.md")} })())`,
  );
  await page.waitForTimeout(1_500);
  const click = await timedInPage(
    page,
    `(() => { ${theirItem(doc)} })().click()`,
    `return document.querySelector(".markdown-content")?.textContent?.includes(${JSON.stringify(shownSnippet(docText(doc)))}) ?? false`,
  );
  await page.getByRole("button", { name: "Disconnect from server" }).click();
  await page.getByText("Disconnected", { exact: true }).first().waitFor();
  return [connect, click];
}

/**
 * One run in ours, loaded: paste the command and Enter, "Run server" the moment the review shows
 * it → first tree row, then click a document → shown.
 */
async function ourRun(page: Page, app: Pick<App, "base" | "token">, doc: string): Promise<[number, number]> {
  const connect = await timedInPage(
    page,
    `const box = document.querySelector("textarea");
     Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(box, ${JSON.stringify(EVERYTHING)});
     box.dispatchEvent(new Event("input", { bubbles: true }));
     box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }))`,
    `const run = [...document.querySelectorAll("button")].find((b) => /run server/i.test(b.textContent ?? ""));
     if (run && !run.dataset.benchClicked) { run.dataset.benchClicked = "1"; run.click(); }
     return document.querySelector('[role="treeitem"]') !== null`,
  );
  await page.waitForFunction(`Boolean((() => { ${treeItem(doc)} })())`);
  await page.waitForTimeout(1_500);
  const click = await timedInPage(
    page,
    `(() => { ${treeItem(doc)} })().click()`,
    viewerHas(shownSnippet(docText(doc))),
  );
  await closeSessions(app);
  return [connect, click];
}

export async function inspectorFigures(
  app: Pick<App, "base" | "token">,
  browser: Browser,
  runs = RUNS,
): Promise<Row[]> {
  const { launcher, engines } = ensureOfficial();
  const official = await startOfficial(launcher);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const ours = { load: [] as number[], connect: [] as number[], click: [] as number[] };
  const theirs = { load: [] as number[], connect: [] as number[], click: [] as number[] };
  try {
    // Run 0 warms both (HTTP caches, the server's files) and is left out.
    for (let i = 0; i <= runs; i++) {
      const doc = DOCS[i % DOCS.length]!;
      const oursRun = async () => {
        const tab = await context.newPage();
        const load = await loadUntilReady(tab, `${app.base}/?token=${app.token ?? BENCH_TOKEN}`, "textarea");
        const [connect, click] = await ourRun(tab, app, doc);
        await tab.close();
        if (i === 0) return;
        ours.load.push(load);
        ours.connect.push(connect);
        ours.click.push(click);
      };
      const theirsRun = async () => {
        const tab = await context.newPage();
        const load = await loadUntilReady(tab, official.base, THEIR_SWITCH);
        const [connect, click] = await theirRun(tab, doc);
        await tab.close();
        if (i === 0) return;
        theirs.load.push(load);
        theirs.connect.push(connect);
        theirs.click.push(click);
      };
      if (i % 2) {
        await theirsRun();
        await oursRun();
      } else {
        await oursRun();
        await theirsRun();
      }
    }
  } finally {
    await context.close();
    await stopOfficial(official);
  }
  const row = (label: string, key: keyof typeof ours): Row => {
    const [a, b] = [median(ours[key]), median(theirs[key])];
    return [
      `${label}, median of ${runs}`,
      `${(a / b).toFixed(2)}×`,
      `ours ${ms(a)} vs official ${ms(b)} [${ours[key].map((x) => x.toFixed(0)).join(", ")}] vs [${theirs[key].map((x) => x.toFixed(0)).join(", ")}]`,
    ];
  };
  return [
    [`official inspector`, VERSION, `declares node ${engines}; runs here on ${process.version}`],
    row("page load → first control interactive", "load"),
    row("paste / enter a server → resource list visible", "connect"),
    row("click a markdown resource → rendered", "click"),
  ];
}
