/**
 * Issue 32, item 4, as a user meets it: `npm start --open` opens the browser without the token in
 * the browser's command line, which every local user can read (`ps`) for as long as it runs. A
 * fake `$BROWSER` records its argv; the file it is given is 0600 in a 0700 folder, leads real
 * Chromium to the app signed in, and is gone when the launcher stops.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../server/testing/http-servers";
import { TOKEN_STORAGE_KEY } from "../components/auth/api-token";
import { expect, test } from "./fixtures";
import { startAppProcess, stopAppProcess } from "./support/app-process";

test("npm start --open hands the browser a 0600 page that leads to the tokened URL, never the token itself", async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-browser-open-"));
  const record = path.join(dir, "argv.txt");
  const browser = path.join(dir, "fake-browser.sh");
  // Records its arguments and its environment's names, one a line, then exits (no process left).
  writeFileSync(
    browser,
    `#!/bin/sh\n{ printf 'arg %s\\n' "$@"; env | sed 's/=.*//; s/^/env /'; } > "${record}.tmp"\nmv "${record}.tmp" "${record}"\n`,
    { mode: 0o755 },
  );
  const port = await freePort();
  const token = `open-e2e-${randomBytes(16).toString("hex")}`;
  const app = await startAppProcess(port, token, { BROWSER: browser }, ["--open"]);
  let file = "";
  try {
    await expect.poll(() => existsSync(record), { timeout: 20_000 }).toBe(true);
    const lines = readFileSync(record, "utf8").trim().split("\n");
    expect(lines.join("\n")).not.toContain(token);
    expect(lines).not.toContain("env MCP_INSPECTOR_TOKEN");
    const args = lines.filter((l) => l.startsWith("arg ")).map((l) => l.slice(4));
    expect(args).toHaveLength(1);
    const target = args[0]!;
    expect(target).toMatch(/^file:\/\//);
    file = fileURLToPath(target);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, "utf8")).toContain(`url=http://127.0.0.1:${port}/?token=${token}"`);

    // The page leads the browser to the app, which takes the token and strips it from the bar.
    await page.goto(target);
    await page.waitForURL(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole("button", { name: /try the demo server/i })).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe(token);
  } finally {
    await stopAppProcess(app);
    rmSync(dir, { recursive: true, force: true });
  }
  // The launcher removes it when it stops.
  expect(existsSync(file)).toBe(false);
});
