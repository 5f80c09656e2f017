import { describe, expect, it } from "vitest";
import { escapeText, escapeXml, toJUnit, type JUnitCheck } from "./junit";
import { parseJUnit, xmlProblems } from "./junit-testing";

const demo: JUnitCheck = {
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
      mismatches: [
        { path: "/contents/0/text", message: "expected 'a', got 'b'" },
        { path: "/contents/0/mimeType", message: "expected text/plain" },
      ],
    },
    { id: "s3", action: "watch", status: "error", durationMs: 5, mismatches: [], error: "boom\u0001" },
    { id: "s4", action: "read", status: "skipped", durationMs: 0, mismatches: [] },
  ],
};

const second: JUnitCheck = {
  name: "second",
  durationMs: 250,
  steps: [
    { id: "01-connect", action: "connect", status: "passed", durationMs: 10, mismatches: [] },
    {
      id: "02-listResources",
      action: "listResources",
      status: "failed",
      durationMs: 30,
      mismatches: [{ path: "/items", message: "missing demo://a" }],
    },
  ],
};

const launchFailed: JUnitCheck = {
  name: "broken",
  durationMs: 3,
  steps: [],
  error: "environment variable TOKEN is not set (referenced as ${TOKEN})",
};

// Everything a server or a user can put into names, messages and stderr.
const HOSTILE = [
  "]]>",
  "<![CDATA[x]]>",
  "<script>alert(1)</script>",
  "nul\u0000",
  "\u001b[31mred\u001b[0m",
  "bell\u0007 vt\u000b ff\u000c",
  "lone \ud800 high, lone \udc00 low",
  "nonchars \ufffe\uffff",
  "emoji 😀 (a surrogate pair)",
  `quotes "double" 'single'`,
  "amp & lt < gt >",
  "tab\tnew\nline\r\ncr",
  "&amp; &#0; &#x1b;",
];
const hostileText = HOSTILE.join(" | ");
// What a reader should see: ANSI sequences dropped, characters XML cannot carry spelled as \uXXXX.
const readableText = hostileText
  .replace(/\u001b\[31m/, "")
  .replace(/\u001b\[0m/, "")
  .replace("nul\u0000", "nul\\u0000")
  .replace("bell\u0007 vt\u000b ff\u000c", "bell\\u0007 vt\\u000b ff\\u000c")
  .replace("lone \ud800 high, lone \udc00 low", "lone \\ud800 high, lone \\udc00 low")
  .replace("nonchars \ufffe\uffff", "nonchars \\ufffe\\uffff");

const hostile: JUnitCheck = {
  name: `check ${hostileText}`,
  file: `mcp-checks/${hostileText}.check.json`,
  durationMs: 42,
  steps: [
    {
      id: "h1",
      action: "read",
      title: hostileText,
      status: "failed",
      durationMs: 1,
      mismatches: [{ path: `/contents/0/${hostileText}`, message: hostileText }],
    },
    { id: "h2", action: "watch", status: "error", durationMs: 1, mismatches: [], error: hostileText },
    { id: "h3", action: "read", status: "skipped", durationMs: 0, mismatches: [], error: hostileText },
  ],
};

describe("toJUnit", () => {
  it("writes well-formed XML 1.0 for ordinary results", () => {
    expect(xmlProblems(toJUnit([demo, second, launchFailed]))).toEqual([]);
  });

  it("parses to one testsuite per check and one testcase per step (a launch failure is one erroring case)", () => {
    const { testsuites } = parseJUnit(toJUnit([demo, second, launchFailed]));
    expect(testsuites.name).toBe("mcp-resource-inspector");
    expect(testsuites.testsuite.map((s) => s.name)).toEqual(['demo <"&">', "second", "broken"]);
    expect(testsuites.testsuite.map((s) => s.testcase.length)).toEqual([4, 2, 1]);
    expect(testsuites.testsuite[0]!.file).toBe("mcp-checks/demo.check.json");
    expect(testsuites.testsuite[1]!.file).toBeUndefined();
    expect(testsuites.testsuite[2]!.testcase[0]).toMatchObject({
      name: "launch",
      error: { message: launchFailed.error },
    });
  });

  it("counts match the cases: tests, failures, errors, skipped per suite and in total", () => {
    const { testsuites } = parseJUnit(toJUnit([demo, second, launchFailed]));
    let totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    for (const suite of testsuites.testsuite) {
      const cases = suite.testcase;
      const counted = {
        tests: cases.length,
        failures: cases.filter((c) => c.failure).length,
        errors: cases.filter((c) => c.error).length,
        skipped: cases.filter((c) => c.skipped).length,
      };
      expect({
        tests: Number(suite.tests),
        failures: Number(suite.failures),
        errors: Number(suite.errors),
        skipped: Number(suite.skipped),
      }).toEqual(counted);
      totals = {
        tests: totals.tests + counted.tests,
        failures: totals.failures + counted.failures,
        errors: totals.errors + counted.errors,
        skipped: totals.skipped + counted.skipped,
      };
    }
    expect(totals).toEqual({ tests: 7, failures: 2, errors: 2, skipped: 1 });
    expect({
      tests: Number(testsuites.tests),
      failures: Number(testsuites.failures),
      errors: Number(testsuites.errors),
      skipped: Number(testsuites.skipped),
    }).toEqual(totals);
    expect(testsuites.testsuite[0]!.time).toBe("1.500");
  });

  it("marks exactly the failed steps as failures, naming the step in the message and every path in the body", () => {
    const { testsuites } = parseJUnit(toJUnit([demo, second]));
    const failures = testsuites.testsuite.flatMap((s) => s.testcase.filter((c) => c.failure));
    expect(failures.map((c) => c.name)).toEqual(["s2 read", "02-listResources listResources"]);
    const [read, list] = failures;
    expect(read!.failure!.message).toBe("step s2: expected 'a', got 'b' (+1 more)");
    expect(read!.failure!["#text"]).toBe(
      "/contents/0/text: expected 'a', got 'b'\n/contents/0/mimeType: expected text/plain",
    );
    expect(list!.failure!.message).toContain("02-listResources");
    const errored = testsuites.testsuite[0]!.testcase.find((c) => c.error);
    expect(errored!.error!.message).toBe("step s3: boom\\u0001");
  });

  it("keeps hostile names and messages valid XML that reads back as the readable text", () => {
    const xml = toJUnit([hostile]);
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).not.toContain("<script>");
    const suite = parseJUnit(xml).testsuites.testsuite[0]!;
    expect(suite.name).toBe(`check ${readableText}`);
    expect(suite.file).toBe(`mcp-checks/${readableText}.check.json`);
    const [failed, errored, skipped] = suite.testcase;
    expect(failed!.classname).toBe(`check ${readableText}`);
    expect(failed!.name).toBe(`h1 read: ${readableText}`);
    expect(failed!.failure!.message).toBe(`step h1: ${readableText}`);
    expect(failed!.failure!["#text"]).toBe(`/contents/0/${readableText}: ${readableText}`);
    expect(errored!.error!.message).toBe(`step h2: ${readableText}`);
    expect(skipped!.skipped!.message).toBe(readableText);
  });
});

describe("xmlProblems (the test's own yardstick)", () => {
  it("finds what XML 1.0 forbids, including what XMLValidator lets through", () => {
    expect(xmlProblems('<a m="x">ok &amp; &#10;</a>')).toEqual([]);
    for (const bad of [
      "<a>\u0000</a>",
      "<a>\u001b</a>",
      "<a>\ud800</a>",
      "<a>]]></a>",
      '<a m="a & b"/>',
      '<a m="a < b"/>',
      "<a>&#0;</a>",
      '<a m="two\nlines"/>',
      "<a><b></a>",
    ])
      expect(xmlProblems(bad), JSON.stringify(bad)).not.toEqual([]);
  });
});

describe("escapeXml / escapeText", () => {
  it("escapes the five XML specials and spells forbidden characters as \\uXXXX", () => {
    expect(escapeXml(`<a href="x">&'\u0000`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;\\u0000");
  });

  it("keeps line breaks as references in attributes, literal in text (but CR, which parsers fold)", () => {
    expect(escapeXml("a\tb\nc\rd")).toBe("a&#9;b&#10;c&#13;d");
    expect(escapeText("a\tb\nc\rd")).toBe("a\tb\nc&#13;d");
  });
});
