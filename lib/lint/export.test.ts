import { describe, expect, it } from "vitest";
import { problemsPretty, problemsSarif } from "./export";
import type { Problem } from "./problem";
import { RULES } from "./rules";

const problem = (code: Problem["code"], extra: Partial<Problem> = {}): Problem => ({
  code,
  severity: RULES[code].severity,
  message: `a ${code}`,
  specUrl: RULES[code].specUrl,
  at: "2026-12-01T00:00:00.000Z",
  count: 1,
  evidence: { uri: "lint://x", method: "resources/read", trafficSeq: 4 },
  why: RULES[code].why,
  ...extra,
});

/**
 * The required structure of SARIF 2.1.0 (sarif-schema-2.1.0.json, "required" arrays): log
 * {version, runs}; run {tool}; tool {driver}; driver {name}; reportingDescriptor {id};
 * result {message}; message {text or id}; plus the enums we use (level).
 */
function assertSarifShape(log: unknown): void {
  const l = log as Record<string, unknown>;
  expect(l.version).toBe("2.1.0");
  expect(typeof l.$schema).toBe("string");
  expect(Array.isArray(l.runs)).toBe(true);
  for (const run of l.runs as Record<string, unknown>[]) {
    const driver = (run.tool as { driver: Record<string, unknown> }).driver;
    expect(typeof driver.name).toBe("string");
    const rules = driver.rules as Record<string, unknown>[];
    for (const rule of rules) {
      expect(typeof rule.id).toBe("string");
      expect(() => new URL(rule.helpUri as string)).not.toThrow();
    }
    for (const result of run.results as Record<string, unknown>[]) {
      const message = result.message as { text?: unknown };
      expect(typeof message.text).toBe("string");
      expect(["none", "note", "warning", "error"]).toContain(result.level);
      // ruleIndex, when present, points at the rule with that id.
      expect(rules[result.ruleIndex as number]?.id).toBe(result.ruleId);
      for (const loc of result.locations as Record<string, unknown>[]) {
        const phys = loc.physicalLocation as { artifactLocation: { uri: unknown } } | undefined;
        if (phys) expect(typeof phys.artifactLocation.uri).toBe("string");
      }
    }
  }
}

describe("SARIF export", () => {
  it("has SARIF 2.1.0's required structure, one rule per code used with its spec link as helpUri", () => {
    const log = problemsSarif(
      [
        problem("duplicate-uri"),
        problem("slow-request"),
        problem("missing-mime-type"),
        problem("duplicate-uri", { message: "again" }),
      ],
      { server: "node lint-fixture.mjs" },
    );
    assertSarifShape(log);
    const run = log.runs[0]!;
    expect(run.tool.driver.rules.map((r) => r.id)).toEqual([
      "duplicate-uri",
      "missing-mime-type",
      "slow-request",
    ]);
    expect(run.tool.driver.rules[0]?.helpUri).toBe(RULES["duplicate-uri"].specUrl);
    expect(run.results.map((r) => [r.ruleId, r.level])).toEqual([
      ["duplicate-uri", "error"],
      ["slow-request", "warning"],
      ["missing-mime-type", "note"],
      ["duplicate-uri", "error"],
    ]);
  });

  it("an empty run is still a valid log (a clean server uploads as zero results)", () => {
    const log = problemsSarif([], { server: "x" });
    assertSarifShape(log);
    expect(log.runs[0]?.results).toEqual([]);
  });

  it("a host problem carries its hosts as properties and tags; its rule's help names hosts and facts", () => {
    const log = problemsSarif(
      [problem("host-empty-read", { hosts: ["gemini-cli", "vscode"] }), problem("duplicate-uri")],
      { server: "x" },
    );
    assertSarifShape(log);
    const run = log.runs[0]!;
    expect(run.results[0]?.properties).toMatchObject({
      hosts: ["gemini-cli", "vscode"],
      tags: ["host-compatibility", "host:gemini-cli", "host:vscode"],
    });
    expect(run.results[1]?.properties).not.toHaveProperty("tags");
    const [protocol, host] = run.tool.driver.rules as { help?: { text: string; markdown: string } }[];
    expect(protocol).not.toHaveProperty("help");
    expect(host?.help?.text).toContain("Affects: Gemini CLI, VS Code.");
    expect(host?.help?.text).toContain("[V] VS Code: readFile returns only the first content item");
    expect(host?.help?.markdown).toContain(`(${RULES["host-empty-read"].facts[0]!.fact.source.url})`);
  });

  it("the shape check itself fails on a log missing a required field", () => {
    const log = problemsSarif([problem("duplicate-uri")], { server: "x" }) as unknown as {
      runs: { results: { message: unknown }[] }[];
    };
    log.runs[0]!.results[0]!.message = {};
    expect(() => assertSarifShape(log)).toThrow();
  });
});

describe("pretty export", () => {
  it("says so when clean, and counts by severity otherwise", () => {
    expect(problemsPretty([], { server: "s" })).toBe("s: no problems found\n");
    const text = problemsPretty([problem("duplicate-uri", { count: 3 }), problem("missing-mime-type")], {
      server: "s",
    });
    expect(text).toContain("duplicate-uri (×3)");
    expect(text).toContain("1 error(s), 0 warning(s), 1 info");
  });

  it("names the hosts a host problem affects", () => {
    const text = problemsPretty([problem("host-empty-read", { hosts: ["gemini-cli", "vscode"] })], {
      server: "s",
    });
    expect(text).toContain("error   host-empty-read [gemini-cli, vscode]\n");
  });
});
