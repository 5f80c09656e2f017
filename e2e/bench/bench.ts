/**
 * `npm run bench`: speed and memory figures, medians of repeated runs (BENCH_RUNS, default 5).
 * Needs a build (`npm run build`); starts its own app instances on free ports and stops them.
 * Sections: page (issue #14), startup (issue #2), live (issue #3), scale (issue #4), remote (issue #11), cli and
 * package (issue #12; package packs and installs the tarball, and needs the registry reachable), capture
 * (issue #25), inspector (issue #34: side by side with the official Inspector 2.12, installed on first use
 * into a cache folder outside the repository; needs the registry once);
 * `npm run bench -- live` runs one.
 */
import { captureFigures } from "./capture";
import { inspectorFigures } from "./inspector";
import { oneShotList } from "./cli";
import { packageFigures } from "./package";
import { pageFigures } from "./page";
import { launchBrowser, printTable, startApp, stopApp, type Row } from "./harness";
import { listChangedLatency, storm, updatedLatency } from "./live";
import { remoteConnectToTree, remoteRead } from "./remote";
import { tenMegabytes, tenThousand } from "./scale";
import { connectToTree, startup } from "./startup";

const only = process.argv[2];

async function main(): Promise<void> {
  console.log(`mcp-resource-inspector bench — node ${process.version}, ${new Date().toISOString()}`);
  if (!only || only === "startup") printTable("startup (issue #2)", await startup());
  if (!only || only === "cli") printTable("one-shot CLI (issue #12)", await oneShotList());
  if (!only || only === "package") printTable("package (issue #12)", await packageFigures());
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const section = async (name: string, title: string, runs: (() => Promise<Row[]>)[]) => {
      if (only && only !== name) return;
      const rows: Row[] = [];
      for (const run of runs) {
        try {
          rows.push(...(await run()));
        } catch (err) {
          rows.push([
            `${run.name} failed`,
            "ERROR",
            err instanceof Error ? err.message.split("\n")[0] : String(err),
          ]);
        }
      }
      printTable(title, rows);
    };
    await section("page", "first screen, connect and read in the page (issue #14)", [
      () => pageFigures(app, browser),
    ]);
    await section("startup", "connect (issue #2)", [() => connectToTree(app, browser)]);
    await section("live", "live (issue #3)", [
      () => updatedLatency(app, browser),
      () => listChangedLatency(app, browser),
      () => storm(app, browser),
    ]);
    await section("scale", "scale (issue #4)", [
      () => tenThousand(app, browser),
      () => tenMegabytes(app, browser),
    ]);
    await section("remote", "remote (issue #11)", [() => remoteRead(app), () => remoteConnectToTree(app)]);
    await section(
      "inspector",
      "side by side with the official Inspector (issue #34); ratio = ours / theirs",
      [() => inspectorFigures(app, browser)],
    );
    await section("capture", "capture, open and compare (issue #25)", [() => captureFigures(app, browser)]);
  } finally {
    await browser.close();
    await stopApp(app);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
