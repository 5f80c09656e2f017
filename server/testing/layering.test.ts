import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layering of docs/ARCHITECTURE.md (app → components/server → lib, never back) is enforced
 * by `no-restricted-imports` in eslint.config.mjs; this pins that the rule is there and bites.
 */
const eslint = new ESLint();

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layering", () => {
  it("lib/ imports neither server/, components/, app/ nor React; components/ never server/", async () => {
    expect(await restricted("lib/limits/ring-buffer.ts", 'import "@/server/mcp/session";\n')).toHaveLength(1);
    expect(await restricted("lib/limits/ring-buffer.ts", 'import "@/components/ui/button";\n')).toHaveLength(
      1,
    );
    expect(await restricted("lib/limits/ring-buffer.ts", 'import "react";\n')).toHaveLength(1);
    expect(await restricted("components/ui/spinner.tsx", 'import "@/server/mcp/session";\n')).toHaveLength(1);
    expect(await restricted("server/mcp/config.ts", 'import "@/components/ui/spinner";\n')).toHaveLength(1);
    // The allowed direction passes.
    expect(await restricted("components/ui/spinner.tsx", 'import "@/lib/limits/ring-buffer";\n')).toEqual([]);
    expect(await restricted("server/mcp/config.ts", 'import "@/lib/limits/ring-buffer";\n')).toEqual([]);
  }, 60_000);
});
