import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { pageCsp } from "../security/security-headers";
import { nonceOf, parsePreference, resolveTheme, THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from "./theme";

/** Runs the boot script as the browser would, with a stored choice and a system scheme. */
function boot(stored: string | null, systemDark: boolean, storageThrows = false): string | undefined {
  const documentElement = { dataset: {} as Record<string, string> };
  runInNewContext(THEME_BOOT_SCRIPT, {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("SecurityError");
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => ({ matches: systemDark && query === "(prefers-color-scheme: dark)" }),
    document: { documentElement },
  });
  return documentElement.dataset.theme;
}

describe("theme", () => {
  it("resolves a stored choice over the system's, and system otherwise", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(parsePreference("sepia")).toBe("system");
    expect(parsePreference(null)).toBe("system");
  });

  it("boot script applies the same rules before first paint", () => {
    expect(boot(null, true)).toBe("dark");
    expect(boot(null, false)).toBe("light");
    expect(boot("light", true)).toBe("light");
    expect(boot("dark", false)).toBe("dark");
    expect(boot("garbage", true)).toBe("dark");
    // No storage (a locked-down browser): no theme written, the stylesheet's light stands.
    expect(boot("dark", true, true)).toBeUndefined();
  });

  it("reads the nonce the page's CSP carries", () => {
    expect(nonceOf(pageCsp("abc+/9=="))).toBe("abc+/9==");
    expect(nonceOf("default-src 'self'")).toBeUndefined();
    expect(nonceOf(null)).toBeUndefined();
  });
});
