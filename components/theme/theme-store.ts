"use client";

import { useSyncExternalStore } from "react";
import { parsePreference, resolveTheme, THEME_STORAGE_KEY, type ThemePreference } from "@/lib/ui/theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    return parsePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

function systemDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** Writes the resolved theme on <html>, where the stylesheet and the boot script read it. */
function apply(): void {
  document.documentElement.dataset.theme = resolveTheme(readPreference(), systemDark());
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === THEME_STORAGE_KEY) apply();
}

/** One pair of window listeners for all subscribers: the system's scheme and other tabs' choice. */
function subscribe(listener: () => void): () => void {
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
  if (listeners.size === 0) {
    media?.addEventListener("change", apply);
    window.addEventListener("storage", onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    media?.removeEventListener("change", apply);
    window.removeEventListener("storage", onStorage);
  };
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  apply();
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readPreference, () => "system");
}
