import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { nonceOf, THEME_BOOT_SCRIPT } from "@/lib/ui/theme";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: "MCP Resource Inspector",
  description: "Browse, read and debug the resources an MCP server exposes.",
  // A local tool reached with a secret link: never index it, never leak the URL.
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export const viewport: Viewport = {
  colorScheme: "light dark",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The launcher puts this answer's CSP (with its nonce) on the request, as Next reads it for its
  // own scripts (server/cli/request-gate.ts). The theme script carries the same nonce, so it runs
  // before the first paint with no 'unsafe-inline' in the policy.
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return (
    // The boot script sets data-theme before React hydrates; React must not undo it.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Our own constant (lib/ui/theme.ts), never anything a server sent. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
