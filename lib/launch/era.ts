/**
 * Which protocol era a session speaks (issue 15): `auto` probes `server/discover` (2026-07-28)
 * and falls back to `initialize`; `legacy` and `modern` skip the probe. No zod here: the page's
 * review step imports it.
 */
export const eraChoices = ["auto", "legacy", "modern"] as const;
export type EraChoice = (typeof eraChoices)[number];
/** The era a session negotiated: `legacy` = `initialize` (2024-11-05 … 2025-11-25), `modern` = 2026-07-28. */
export type Era = Exclude<EraChoice, "auto">;
