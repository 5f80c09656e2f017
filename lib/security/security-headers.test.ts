import { describe, expect, it } from "vitest";
import { API_CSP, frameCsp, newNonce, pageCsp } from "./security-headers";

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `) || d === name);

describe("security headers", () => {
  it("page scripts need this answer's nonce; no 'unsafe-inline' or 'unsafe-eval' for scripts", () => {
    const csp = pageCsp("abc123==");
    const scripts = directive(csp, "script-src")!;
    expect(scripts).toContain("'nonce-abc123=='");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directive(csp, "frame-src")).toBe("frame-src 'self'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
  });

  it("nonces are fresh, 16 random bytes, in the base64 form Next reads back", () => {
    const nonces = new Set(Array.from({ length: 200 }, newNonce));
    expect(nonces.size).toBe(200);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("API answers and frames are sandboxed documents; frames keep scripts off unless asked", () => {
    expect(API_CSP).toMatch(/(^|; )sandbox($|;)/);
    expect(directive(API_CSP, "default-src")).toBe("default-src 'none'");
    expect(frameCsp(false)).toMatch(/^sandbox;/);
    expect(directive(frameCsp(false), "script-src")).toBe("script-src 'none'");
    expect(frameCsp(true)).toMatch(/^sandbox allow-scripts;/);
    for (const csp of [frameCsp(true), frameCsp(false)]) {
      expect(csp).not.toContain("allow-same-origin");
      expect(directive(csp, "connect-src")).toBe("connect-src 'none'");
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'self'");
    }
  });
});
