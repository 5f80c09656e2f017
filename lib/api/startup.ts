/**
 * Servers named on the command line (a command, a URL, `--config`) that did not start. The
 * launcher hands each server to POST /api/startup, which connects it as POST /api/sessions does
 * and, when it fails — or when the launcher could not resolve it (an unset `${VAR}`, a VS Code
 * input) — keeps it, so the page shows a card with why, its launch and Edit/Retry instead of
 * "No servers yet". Values (env, headers) stay in the backend: the page gets names only.
 */
import { z } from "zod";
import type { LaunchSummary } from "../launch/launch-contract";

export const startupIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);

/**
 * What the launcher sends: the POST /api/sessions body it built (validated by the backend when it
 * connects), and `skipped` when it could not be resolved, so it is only shown, never run.
 */
export const startupBodySchema = z
  .object({
    server: z.unknown(),
    skipped: z.string().min(1).max(2_000).optional(),
  })
  .strict();
export type StartupBody = z.infer<typeof startupBodySchema>;

/** One server named on the command line that is not running, as the page shows it. */
export interface StartupFailure {
  id: string;
  name: string;
  /** Exactly what runs or is contacted (env and headers by name); references as the config wrote them. */
  launch: LaunchSummary;
  /** Why, in one or a few sentences (the terminal printed the same). */
  reason: string;
  stderrTail?: string[];
  /** False when it could not be resolved (Retry would fail the same way): Edit it instead. */
  canRetry: boolean;
  failedAt: string;
  /** It ran, and the app closed it (no tab for the idle time): the card says "closed", not "did not start". */
  closed?: boolean;
}

export interface StartupFailureListResponse {
  failures: StartupFailure[];
}
