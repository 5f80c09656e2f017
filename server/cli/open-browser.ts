/**
 * Opening the user's browser. Never through a shell, and never with a secret in its arguments:
 * a process's argv is readable by every local user (`ps`, /proc/PID/cmdline) for as long as the
 * browser runs, so the app's tokened URL goes into a 0600 page in a 0700 folder of ours that
 * sends the browser on (as notebook servers do), and the browser is given that file.
 *
 * Not `import "server-only"`: the launcher and the one-shot CLI load it outside Next.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { escapeHtml } from "../../lib/security/escape-html";

/**
 * `$BROWSER` (the first of a colon-separated list; `%s` stands for the URL, else it is the last
 * argument), else the system opener. The URL is one argument.
 */
export function openBrowser(url: string, log: (line: string) => void): void {
  const browser = process.env.BROWSER?.split(":")[0]?.trim();
  let argv: string[];
  if (browser) {
    const words = browser.split(/\s+/);
    argv = words.some((w) => w.includes("%s")) ? words.map((w) => w.replace("%s", url)) : [...words, url];
  } else if (process.platform === "darwin") argv = ["open", url];
  else if (process.platform === "win32") argv = ["rundll32", "url.dll,FileProtocolHandler", url];
  else argv = ["xdg-open", url];
  const [program, ...args] = argv as [string, ...string[]];
  const failed = (message: string) =>
    log(`Could not open a browser (${program}: ${message}): open the URL above yourself.`);
  try {
    // The browser needs none of ours: not the API token the launcher keeps in its environment.
    const { MCP_INSPECTOR_TOKEN: _token, ...env } = process.env;
    const child = spawn(program, args, { stdio: "ignore", detached: true, env });
    child.once("error", (err) => failed(err.message));
    child.unref();
  } catch (err) {
    failed((err as Error).message);
  }
}

/** The page that carries a secret URL to the browser: its `file:` URL, and how to remove it. */
export interface RedirectPage {
  fileUrl: string;
  remove(): void;
}

/**
 * A page that replaces itself with `url` at once (a meta refresh: no script to escape into; a
 * link if the browser refuses it), in a fresh folder only this user can enter (mkdtemp: 0700),
 * written 0600 from the first byte and never through an existing file.
 */
export function writeRedirectPage(url: string): RedirectPage {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-inspector-open-"));
  const file = path.join(dir, "open.html");
  const href = escapeHtml(url);
  writeFileSync(
    file,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${href}">
<title>Opening MCP Resource Inspector…</title></head>
<body><p><a href="${href}">Open MCP Resource Inspector</a></p></body></html>
`,
    { mode: 0o600, flag: "wx" },
  );
  return { fileUrl: pathToFileURL(file).href, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
