/**
 * Pure Host/Origin predicates shared by the launcher (every request) and the API route wrapper.
 * DNS rebinding defence: a page on evil.example that resolves to 127.0.0.1 still sends
 * `Host: evil.example`; a cross-site fetch sends its own Origin.
 */

const LOOPBACK_NAMES = new Set(["localhost", "localhost.", "127.0.0.1", "[::1]", "::1"]);

/** Split a Host header into name and port; `[::1]:3000` keeps its brackets. */
export function splitHost(host: string): { name: string; port: string | null } {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    if (end < 0) return { name: trimmed, port: null };
    const rest = trimmed.slice(end + 1);
    return { name: trimmed.slice(0, end + 1), port: rest.startsWith(":") ? rest.slice(1) : null };
  }
  const colon = trimmed.lastIndexOf(":");
  if (colon < 0) return { name: trimmed, port: null };
  return { name: trimmed.slice(0, colon), port: trimmed.slice(colon + 1) };
}

/** A loopback name or address: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackName(name: string): boolean {
  if (LOOPBACK_NAMES.has(name)) return true;
  if (name.endsWith(".localhost")) return true;
  const octets = name.split(".");
  return (
    octets.length === 4 && octets[0] === "127" && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}

/**
 * The Host header must name a loopback address, and (when we know it) our own port: a request
 * for another port would only reach us through a proxy we did not set up.
 */
export function isAllowedHost(host: string | null | undefined, expectedPort?: string | null): boolean {
  if (!host) return false;
  const { name, port } = splitHost(host);
  if (!isLoopbackName(name)) return false;
  if (expectedPort && port !== null && port !== expectedPort) return false;
  return true;
}

/**
 * A present Origin must be the app's own origin: http, a loopback name, and the port the Host
 * header names. Absent Origin (same-origin GET, curl, the CLI) is allowed; the token still applies.
 * `Origin: null` (sandboxed iframes, file://) is refused.
 */
export function isAllowedOrigin(origin: string | null | undefined, host: string | null | undefined): boolean {
  if (origin === null || origin === undefined) return true;
  if (!host) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:") return false;
  const own = splitHost(host);
  const hostName = url.hostname.toLowerCase();
  if (!isLoopbackName(hostName)) return false;
  const originPort = url.port || "80";
  const ownPort = own.port ?? "80";
  return originPort === ownPort;
}
