import "server-only";
import { isAllowedHost, isAllowedOrigin } from "@/lib/security/request-guard";
import { HttpError } from "./errors";
import { authorized } from "./token";

/** The per-run token. The launcher generates one (or takes MCP_INSPECTOR_TOKEN) before Next loads. */
function expectedToken(): string | null {
  const t = process.env.MCP_INSPECTOR_TOKEN;
  return t && t.length > 0 ? t : null;
}

export function checkHostAndOrigin(req: Request): void {
  const host = req.headers.get("host");
  const remoteAllowed = process.env.MCP_INSPECTOR_DANGEROUSLY_ALLOW_REMOTE === "1";
  if (!remoteAllowed && !isAllowedHost(host, process.env.MCP_INSPECTOR_PORT ?? null)) {
    throw new HttpError(
      403,
      "forbidden",
      "Host not allowed: the inspector only answers on loopback addresses.",
    );
  }
  if (!isAllowedOrigin(req.headers.get("origin"), host)) {
    throw new HttpError(403, "forbidden", "Cross-origin requests are not allowed.");
  }
}

export function checkToken(req: Request): void {
  const expected = expectedToken();
  if (!expected) {
    // Fail closed: without a configured token no API call is allowed.
    throw new HttpError(
      401,
      "unauthorized",
      "No access token is configured; start the app with `npm start`.",
    );
  }
  if (!authorized(req.headers.get("authorization"), expected)) {
    throw new HttpError(401, "unauthorized", "Missing or wrong access token.");
  }
}
