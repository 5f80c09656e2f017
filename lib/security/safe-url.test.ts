import { describe, expect, it } from "vitest";
import { linkScheme, safeImageSrc, safeLinkHref } from "./safe-url";

describe("safeLinkHref", () => {
  it("allows http, https and mailto, normalized", () => {
    expect(safeLinkHref("https://example.com/a b")).toBe("https://example.com/a%20b");
    expect(safeLinkHref("HTTP://EXAMPLE.com")).toBe("http://example.com/");
    expect(safeLinkHref("mailto:a@example.com")).toBe("mailto:a@example.com");
  });

  it("refuses script and data URLs however they are disguised", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:window.__pwned=true",
      "\u0000javascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "blob:http://127.0.0.1/x",
    ]) {
      expect(safeLinkHref(href), JSON.stringify(href)).toBeNull();
    }
  });

  it("refuses relative links, which would resolve against the inspector", () => {
    for (const href of ["/api/sessions", "../x", "#top", "//evil.example/x", "", undefined]) {
      expect(safeLinkHref(href), String(href)).toBeNull();
    }
    expect(linkScheme("/api")).toBe("relative");
    expect(linkScheme("javascript:x")).toBe("javascript:");
  });
});

describe("safeImageSrc", () => {
  it("shows inline data: images of safe types only", () => {
    expect(safeImageSrc("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(safeImageSrc("data:image/svg+xml,%3Csvg%2F%3E")).not.toBeNull();
    expect(safeImageSrc("data:text/html,<script>")).toBeNull();
  });

  it("never loads a remote or relative image", () => {
    for (const src of ["https://example.com/x.png", "http://x/y.gif", "x", "/api/x", "javascript:x"]) {
      expect(safeImageSrc(src), src).toBeNull();
    }
  });
});
