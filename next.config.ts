import type { NextConfig } from "next";

// Pages and API alike: nothing a server sends may run script here, and the token never leaks
// through Referer (see server/http/guard.ts for the Host/Origin side).
const securityHeaders = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // Next's hydration bootstrap is inline; no eval, no remote script.
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      // https: only for resource icons the user asks to load (components/resource-viewer/icon-list.tsx):
      // markdown images and everything else from a server stay data:-only in the components.
      "img-src 'self' blob: data: https:",
      "media-src 'self' blob:",
      "frame-src blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  },
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Served on loopback: gzip buys nothing there and costs ~0.3 s on a 10 MB read at each end.
  compress: false,
  reactStrictMode: true,
  // The SDK and its spawn helpers are Node-only; keep them out of the bundle.
  serverExternalPackages: ["@modelcontextprotocol/sdk"],
  headers() {
    return Promise.resolve([{ source: "/:path*", headers: securityHeaders }]);
  },
};

export default nextConfig;
