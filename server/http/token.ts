/**
 * The per-run token, compared in constant time. Not `import "server-only"`: the launcher
 * (server/cli/request-gate.ts) runs under tsx outside Next's bundler and checks the token before
 * Next sees a request; the route wrapper checks it again (server/http/auth.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";

/** Hash both sides so neither the content nor the length leaks through timing. */
export function tokenMatches(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer …` header, or null. Only there: never a URL or a cookie. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)$/i.exec((header ?? "").trim());
  return match?.[1] ?? null;
}

/** Whether an Authorization header carries the expected token; false when none is configured. */
export function authorized(header: string | null | undefined, expected: string | null | undefined): boolean {
  const given = bearerToken(header);
  return Boolean(expected) && given !== null && tokenMatches(given, expected!);
}
