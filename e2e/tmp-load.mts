import { chromium } from "@playwright/test";
const base = process.argv[2] ?? "http://127.0.0.1:6590";
const runs = Number(process.argv[3] ?? 7);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await b.newContext();
await ctx.addInitScript(`(() => {
  const check = () => {
    const box = document.getElementById("_r_0_") || [...document.querySelectorAll("textarea")][0];
    if (box && !window.__hydAt) window.__hydAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})()`);
const times: any[] = [];
for (let i = 0; i < runs; i++) {
  const page = await ctx.newPage();
  await page.goto(`${base}/?token=tok`);
  await page.waitForFunction(() => (window as any).__hydAt, null, { timeout: 20000 });
  const t = await page.evaluate(() => { const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming; return { hyd: (window as any).__hydAt, resp: n.responseEnd, dcl: n.domContentLoadedEventEnd, js: performance.getEntriesByType("resource").filter((r) => r.name.includes(".js") || r.name.includes("/api/")).map((r) => [r.name.split("/").slice(-2).join("/"), Math.round(r.startTime), Math.round(r.responseEnd)]) }; });
  times.push(t);
  await page.close();
}
for (const t of times) console.log(Math.round(t.resp), Math.round(t.dcl), Math.round(t.hyd));
console.log(JSON.stringify(times[Math.floor(runs/2)].js));
await b.close();
