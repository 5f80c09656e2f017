/**
 * Which listed template a read uri is recorded against (a `readTemplate` step), and with which
 * arguments: RFC 6570 level 4, so the runner's expansion of the step gives back the same uri.
 */
import { describe, expect, it } from "vitest";
import type { ResourceTemplate } from "@/lib/api/contract";
import { expandTemplate } from "@/lib/resources/uri-template";
import { templateFor } from "./recorder";

const t = (uriTemplate: string): ResourceTemplate => ({ uriTemplate, name: uriTemplate });

describe("templateFor", () => {
  it("matches a level-1 template and gives its value", () => {
    expect(templateFor("demo://users/alice/profile", [t("demo://users/{userId}/profile")])).toEqual({
      uriTemplate: "demo://users/{userId}/profile",
      args: { userId: "alice" },
    });
  });

  it("matches query parameters in any order, each optional (level 3), which the SDK's UriTemplate does not", () => {
    const found = templateFor("demo://search?lang=en&q=mcp", [t("demo://search{?q,lang}")]);
    expect(found?.args).toEqual({ q: "mcp", lang: "en" });
    expect(templateFor("demo://search?q=mcp", [t("demo://search{?q,lang}")])?.args).toEqual({ q: "mcp" });
  });

  it("matches path-parameter (`;`) and exploded path (`/list*`) expressions; lists come back as arrays", () => {
    expect(templateFor("demo://map;x=1;y=2", [t("demo://map{;x,y}")])?.args).toEqual({ x: "1", y: "2" });
    const found = templateFor("demo://files/a/b/c", [t("demo://files{/path*}")]);
    expect(found?.args).toEqual({ path: ["a", "b", "c"] });
    expect(expandTemplate(found!.uriTemplate, found!.args)).toBe("demo://files/a/b/c");
  });

  it("decodes values, and replaying the step re-encodes them to the same uri", () => {
    const found = templateFor("demo://notes/release%20notes", [t("demo://notes/{name}")]);
    expect(found?.args).toEqual({ name: "release notes" });
    expect(expandTemplate(found!.uriTemplate, found!.args)).toBe("demo://notes/release%20notes");
  });

  it("takes the first template that fits and skips ones that do not parse", () => {
    const templates = [t("demo://broken/{unclosed"), t("demo://a/{x}"), t("demo://{any}")];
    expect(templateFor("demo://a/1", templates)?.uriTemplate).toBe("demo://a/{x}");
    expect(templateFor("other://a/1", templates)).toBeUndefined();
  });
});
