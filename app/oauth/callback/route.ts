import { z } from "zod";
import { checkHostAndOrigin } from "@/server/http/auth";
import { HttpError } from "@/server/http/errors";
import { callbackPage } from "@/server/mcp/oauth/callback-page";
import { pendingFlows } from "@/server/mcp/oauth/pending-flows";
import { getRegistry } from "@/server/mcp/registry";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4_096).optional(),
  error: z.string().min(1).max(256).optional(),
});

/**
 * Where the authorization server sends the browser back (the redirect_uri). A page route, not
 * /api: the browser arrives by navigation, without the API token. What makes it safe instead:
 * the request gate's Host/Origin checks, and `state`, which must name a pending flow of ours
 * (unguessable, single use, ten minutes) before anything happens. The flow is finished here,
 * server-side; the answer is a small page that takes the user back to the app.
 */
export async function GET(req: Request): Promise<Response> {
  try {
    checkHostAndOrigin(req);
  } catch (err) {
    return callbackPage(403, "Refused", err instanceof HttpError ? err.message : "Request refused.");
  }
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success)
    return callbackPage(
      400,
      "Not a sign-in answer",
      "This page expects the authorization server's redirect.",
    );
  const flow = pendingFlows().take(parsed.data.state);
  if (!flow)
    return callbackPage(
      400,
      "Sign-in link unknown or expired",
      "This sign-in was already used, has expired, or was not started here. Start it again from the inspector.",
    );
  let session;
  try {
    session = getRegistry().get(flow.sessionId);
  } catch {
    return callbackPage(
      404,
      "Server gone",
      "The server this sign-in was for is no longer open in the inspector.",
    );
  }
  const { code, error } = parsed.data;
  try {
    await session.finishSignIn(code ? { code } : { error: error ?? "no code" });
  } catch (err) {
    return callbackPage(
      502,
      "Sign-in failed",
      err instanceof Error ? err.message : "The token exchange failed.",
      session.id,
    );
  }
  if (!code)
    return callbackPage(
      400,
      "Sign-in not completed",
      `The authorization server answered "${error ?? "no code"}".`,
      session.id,
    );
  return callbackPage(200, "Signed in", `${session.name} is connected.`, session.id);
}
