import type { NextConfig } from "next";

// No `headers()` here on purpose: Next lets config headers replace what a route handler sets, and
// the content route's own sandbox CSP and Content-Length never reached the browser that way. The
// launcher sets every security header per kind of answer (server/cli/request-gate.ts,
// lib/security/security-headers.ts), before Next runs, so a handler's own headers win.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The package ships the traced server and its node_modules (.next/standalone), not all of Next
  // (server/cli/stage-package.mjs). Nothing the app serves goes through next/image, so neither the
  // optimizer nor sharp (~20 MB of libvips) ships.
  output: "standalone",
  images: { unoptimized: true },
  outputFileTracingExcludes: { "*": ["node_modules/sharp/**", "node_modules/@img/**"] },
  // Served on loopback: gzip buys nothing there and costs ~0.3 s on a 10 MB read at each end.
  compress: false,
  reactStrictMode: true,
  // The SDK and its spawn helpers are Node-only; keep them out of the bundle. `ws` too: bundled, its
  // optional native helpers (bufferutil, utf-8-validate) would be resolved at build time.
  serverExternalPackages: ["@modelcontextprotocol/sdk", "ws"],
  experimental: {
    // Next would load every route at start in one blocking run (~0.4–1 s here) before it answers
    // anything; the launcher warms the routes the page needs first, one request at a time, after
    // it says ready (server/cli/warm-up.ts).
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
