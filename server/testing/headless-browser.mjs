#!/usr/bin/env node
/**
 * A headless "browser" for tests of the CLI's OAuth sign-in, set as `$BROWSER`: it takes the
 * authorization URL, approves the OAuth fixture's consent page (e2e/fixtures/servers/oauth-server.ts)
 * and follows the redirect to the loopback callback, as a user's browser would. Each call is one
 * line in `$HEADLESS_BROWSER_LOG` (the URL), so a test can tell whether the browser was used.
 */
import { appendFileSync } from "node:fs";

const url = process.argv[2];
if (!url) {
  process.stderr.write("usage: headless-browser.mjs URL\n");
  process.exit(2);
}
if (process.env.HEADLESS_BROWSER_LOG) appendFileSync(process.env.HEADLESS_BROWSER_LOG, `${url}\n`);
const consent = await fetch(url, { redirect: "manual" });
const page = await consent.text();
const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1];
if (!requestId) {
  process.stderr.write(`no consent form at ${new URL(url).origin} (${consent.status})\n`);
  process.exit(1);
}
const decided = await fetch(new URL("/consent", url), {
  method: "POST",
  redirect: "manual",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({
    request_id: requestId,
    decision: process.env.HEADLESS_BROWSER_DECISION ?? "approve",
  }),
});
const back = decided.headers.get("location");
if (!back) {
  process.stderr.write(`the consent answered ${decided.status} without a redirect\n`);
  process.exit(1);
}
const landed = await fetch(back, { redirect: "manual" });
await landed.text();
process.exit(landed.ok ? 0 : 1);
