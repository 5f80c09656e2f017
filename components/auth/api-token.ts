/**
 * The access token lives in sessionStorage (per tab, gone when the tab closes). The link printed by
 * `npm start` carries it as `?token=…`; a token in the URL wins over a stored one (a fresh link from
 * a restarted backend), is moved into storage and removed from the address bar at once so it does
 * not linger in history, bookmarks or screenshots.
 */
export const TOKEN_STORAGE_KEY = "mcp-inspector-token";
const URL_PARAM = "token";

const listeners = new Set<() => void>();
let rejected = false;
// Fallback when storage is disabled by browser policy: the token then lasts for this page view.
let inMemory: string | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

function tokenInUrl(): string | null {
  const value = new URLSearchParams(window.location.search).get(URL_PARAM)?.trim();
  return value ? value : null;
}

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? inMemory;
  } catch {
    return inMemory;
  }
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The token every API call sends; null when the user has to supply one. */
export function readToken(): string | null {
  return tokenInUrl() ?? stored();
}

/** True after the backend refused the token we had (so the prompt can say so). */
export function readTokenRejected(): boolean {
  return rejected;
}

export function writeToken(token: string): void {
  inMemory = token;
  try {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage disabled: `inMemory` carries the token for this page view.
  }
  rejected = false;
  notify();
}

/** The backend answered 401: forget the token and ask for a new one. */
export function rejectToken(): void {
  inMemory = null;
  try {
    window.sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: nothing stored to remove.
  }
  removeTokenFromUrl();
  rejected = true;
  notify();
}

/** Moves a `?token=` from the address bar into storage; other query parameters stay. */
export function adoptTokenFromUrl(): void {
  const token = tokenInUrl();
  if (token === null) return;
  writeToken(token);
  removeTokenFromUrl();
}

function removeTokenFromUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(URL_PARAM)) return;
  url.searchParams.delete(URL_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
