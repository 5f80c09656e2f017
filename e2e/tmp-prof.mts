import { chromium } from "@playwright/test";
import fs from "node:fs";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await b.newContext({ viewport: { width: 1400, height: 900 } });
const page = await ctx.newPage();
await page.goto(`http://127.0.0.1:6590/?token=tok`);
await page.getByRole("treeitem").first().waitFor();
await page.waitForTimeout(2500);
const cdp = await ctx.newCDPSession(page);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await cdp.send("Profiler.start");
const t = await page.evaluate(`new Promise((resolve) => {
  const t0 = performance.now();
  const marks = [];
  const obs = new MutationObserver(() => {
    const r = document.querySelector('section[aria-label="Resource content"]');
    const txt = r?.textContent ?? "";
    if (!marks.length || marks.at(-1)[1] !== txt.length) marks.push([Math.round(performance.now() - t0), txt.length, txt.slice(0, 60)]);
    if (r && r.querySelector("h1")) { obs.disconnect(); resolve({ total: performance.now() - t0, marks }); }
  });
  obs.observe(document.body, { subtree: true, childList: true, characterData: true });
  [...document.querySelectorAll('[role="treeitem"]')].find((e) => e.textContent.startsWith("features.md")).click();
})`);
const { profile } = await cdp.send("Profiler.stop");
console.log(JSON.stringify(t, null, 1));
fs.writeFileSync("/tmp/click.cpuprofile", JSON.stringify(profile));
const res = await page.evaluate(() => performance.getEntriesByType("resource").slice(-6).map((r) => [r.name.slice(-70), Math.round(r.startTime), Math.round(r.duration)]));
console.log(res);
await b.close();
