/**
 * The response headers every answer of the app carries, by kind of answer. The launcher
 * (server/cli/request-gate.ts) sets them before Next handles a request, so a route handler that
 * sets its own (the content and frame routes) wins; next.config.ts sets none, because Next lets
 * config headers replace what a handler set — the content route's sandbox CSP never reached a
 * browser that way.
 */

export type HeaderList = readonly (readonly [string, string])[];

const COMMON: HeaderList = [
  ["Referrer-Policy", "no-referrer"],
  ["X-Content-Type-Options", "nosniff"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
];

/**
 * The app's pages. Scripts run only with this response's nonce ('strict-dynamic' lets Next's
 * nonced bootstrap load its chunks); no 'unsafe-inline', so a same-origin document that inherits
 * this policy (a blob: or about:blank document) cannot run inline script either.
 */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React's style attributes; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    // https: only for resource icons the user asks to load (components/resource-viewer/icon-list.tsx);
    // markdown images and everything else from a server stay data:-only in the components.
    "img-src 'self' blob: data: https:",
    "media-src 'self' blob:",
    // Previews come from the frame route (app/frame/[id]), which serves them with a sandbox CSP.
    "frame-src 'self'",
    "connect-src 'self'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function pageHeaders(nonce: string): HeaderList {
  return [["Content-Security-Policy", pageCsp(nonce)], ["X-Frame-Options", "DENY"], ...COMMON];
}

/** API answers are data: if a browser is ever pointed at one, it is an inert, sandboxed document. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const apiHeaders: HeaderList = [
  ["Content-Security-Policy", API_CSP],
  ["X-Frame-Options", "DENY"],
  ["Cache-Control", "no-store"],
  ...COMMON,
];

/**
 * A server's HTML or PDF shown in the viewer's frame: always an opaque origin (`sandbox` without
 * allow-same-origin, even when opened in a tab of its own), nothing loaded from anywhere but the
 * document itself and data:/blob:, framed only by our page.
 */
export function frameCsp(allowScripts: boolean): string {
  return [
    allowScripts ? "sandbox allow-scripts" : "sandbox",
    "default-src 'none'",
    allowScripts ? "script-src 'unsafe-inline' blob: data:" : "script-src 'none'",
    "style-src 'unsafe-inline' data: blob:",
    "img-src data: blob:",
    "font-src data: blob:",
    "media-src data: blob:",
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function frameHeaders(allowScripts: boolean): HeaderList {
  return [
    ["Content-Security-Policy", frameCsp(allowScripts)],
    ["Cache-Control", "no-store"],
    ["Referrer-Policy", "no-referrer"],
    ["X-Content-Type-Options", "nosniff"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
}

/** A fresh nonce per page answer: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
