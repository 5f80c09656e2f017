import { describe, expect, it } from "vitest";
import { escapeXml, toJUnit } from "./junit";

describe("toJUnit", () => {
  const xml = toJUnit([
    {
      name: 'demo <"&">',
      file: "mcp-checks/demo.check.json",
      durationMs: 1500,
      steps: [
        { id: "s1", action: "connect", status: "passed", durationMs: 100, mismatches: [] },
        {
          id: "s2",
          action: "read",
          status: "failed",
          durationMs: 20,
          mismatches: [{ path: "/contents/0/text", message: "expected 'a', got 'b'" }],
        },
        { id: "s3", action: "watch", status: "error", durationMs: 5, mismatches: [], error: "boom\u0001" },
        { id: "s4", action: "read", status: "skipped", durationMs: 0, mismatches: [] },
      ],
    },
  ]);

  it("counts tests, failures, errors and skips per suite and in total", () => {
    expect(xml).toContain(
      '<testsuites name="mcp-resource-inspector" tests="4" failures="1" errors="1" skipped="1"',
    );
    expect(xml).toContain(
      'tests="4" failures="1" errors="1" skipped="1" time="1.500" file="mcp-checks/demo.check.json"',
    );
  });

  it("puts the failing path and message in the failure body", () => {
    expect(xml).toMatch(
      /<failure message="expected &apos;a&apos;, got &apos;b&apos;">\/contents\/0\/text: expected/,
    );
  });

  it("is well-formed: every opened element closes and no raw special characters leak", () => {
    const opened = (xml.match(/<testcase /g) ?? []).length;
    const closed = (xml.match(/<\/testcase>/g) ?? []).length;
    expect(opened).toBe(closed);
    expect(xml).toContain('name="demo &lt;&quot;&amp;&quot;&gt;"');
    expect(xml).not.toMatch(/\u0001/);
  });
});

describe("escapeXml", () => {
  it("escapes the five XML specials and replaces forbidden control characters", () => {
    expect(escapeXml(`<a href="x">&'\u0000`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;\ufffd");
  });
});
