import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const page = await b.newPage();
page.on("console", (m) => console.log("console", m.text()));
await page.goto(`http://127.0.0.1:6590/?token=tok`);
await page.waitForTimeout(3000);
await page.screenshot({ path: "/tmp/s14.png" });
console.log(await page.evaluate(() => [...document.querySelectorAll("textarea")].map((e) => [e.id, (e as any).labels?.[0]?.textContent, Object.keys(e).join(",")])));
await b.close();
