/**
 * The colour theme: the user's choice (system / light / dark, kept in localStorage) and the theme
 * it resolves to, written as `data-theme` on <html> where app/theme-dark.css remaps the palette.
 * The same rules run twice: once as the tiny boot script app/layout.tsx inlines (with the page's
 * CSP nonce) so the first paint already has the right colours, and once in React afterwards.
 */

export type ThemePreference = "system" | "light" | "dark";
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "mcp-inspector:theme";
export const THEME_PREFERENCES: readonly ThemePreference[] = ["system", "light", "dark"];

export function parsePreference(value: string | null | undefined): ThemePreference {
  return value === "light" || value === "dark" ? value : "system";
}

export function resolveTheme(preference: ThemePreference, systemDark: boolean): ResolvedTheme {
  if (preference === "system") return systemDark ? "dark" : "light";
  return preference;
}

/**
 * Runs before the body is parsed. Kept to the two rules above (a stored "light"/"dark" wins, else
 * the system's), and wrapped so a browser without storage still paints (light).
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var p=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});var d=p==="dark"||(p!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.dataset.theme=d?"dark":"light"}catch(e){}})()`;

/** The nonce of a CSP header value (`'nonce-…'` in script-src), or undefined. */
export function nonceOf(csp: string | null): string | undefined {
  return csp?.match(/'nonce-([A-Za-z0-9+/=_-]+)'/)?.[1];
}
