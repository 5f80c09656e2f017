import "server-only";
import { escapeHtml } from "@/lib/security/escape-html";

/**
 * The small page the OAuth callback answers with: what happened, and the way back to the app (a
 * link, and a refresh after a second on success; none for the one-shot CLI's loopback callback,
 * `linkBack` false, where no app runs). No script; the URL it was reached by (code, state) is
 * never sent on as a Referer.
 */
export function callbackPage(
  status: number,
  title: string,
  message: string,
  sessionId?: string,
  linkBack = true,
): Response {
  const back = sessionId ? `/?server=${encodeURIComponent(sessionId)}` : "/";
  const refresh =
    status === 200 && linkBack ? `<meta http-equiv="refresh" content="1;url=${escapeHtml(back)}">` : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">${refresh}
<title>${escapeHtml(title)} · MCP Resource Inspector</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${linkBack ? `<p><a href="${escapeHtml(back)}">Back to the inspector</a></p>\n` : ""}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy":
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
