"use client";

import { useId } from "react";
import { parsePreference, THEME_PREFERENCES } from "@/lib/ui/theme";
import { setThemePreference, useThemePreference } from "./theme-store";

const LABELS = { system: "System", light: "Light", dark: "Dark" } as const;

/** System / light / dark, remembered in localStorage; sits in the (always dark) header bar. */
export function ThemeToggle() {
  const id = useId();
  const preference = useThemePreference();
  return (
    <span className="flex items-center gap-1.5">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={preference}
        onChange={(event) => setThemePreference(parsePreference(event.target.value))}
        className="rounded border border-zinc-600 bg-zinc-800 px-1 py-0.5 text-[11px] text-zinc-100"
      >
        {THEME_PREFERENCES.map((p) => (
          <option key={p} value={p}>
            {LABELS[p]}
          </option>
        ))}
      </select>
    </span>
  );
}
