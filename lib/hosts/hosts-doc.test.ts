/**
 * docs/HOSTS.md is lib/hosts printed (hosts-doc.ts): it must be what the modules make now, so a
 * changed fact, release or rule without `npm run docs:hosts` fails here, saying what to run.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HOST_RULES } from "./host-rules";
import { HOSTS_DOC, HOSTS_DOC_WIDTH, hostsDoc, hostsDocProblem } from "./hosts-doc";
import { HOSTS } from "./index";

const STALE =
  /^docs\/HOSTS\.md is not what lib\/hosts makes now \(line \d+ differs\): run npm run docs:hosts\.$/;

describe("docs/HOSTS.md", () => {
  it("is what lib/hosts makes now (else: npm run docs:hosts)", () => {
    expect(hostsDocProblem(readFileSync(HOSTS_DOC, "utf8"))).toBeNull();
  });

  it("goes stale when a fact, a release or a rule changes, and says which line and what to run", () => {
    const now = hostsDoc();
    const { templates } = HOSTS.codex.facts;
    const factChanged = {
      ...HOSTS,
      codex: {
        ...HOSTS.codex,
        facts: { ...HOSTS.codex.facts, templates: { ...templates!, certainty: "inferred" } },
      },
    } as const;
    const releaseChanged = { ...HOSTS, vscode: { ...HOSTS.vscode, version: "1.200" } };
    const { "host-empty-server": emptyServer, ...rest } = HOST_RULES;
    const ruleChanged = { ...rest, "host-empty-server": { ...emptyServer, severity: "warning" as const } };
    for (const made of [hostsDoc(factChanged), hostsDoc(releaseChanged), hostsDoc(HOSTS, ruleChanged)]) {
      expect(made).not.toBe(now);
      expect(hostsDocProblem(now, made)).toMatch(STALE);
    }
    expect(hostsDocProblem(now, hostsDoc(factChanged))).toContain(
      `(line ${now.split("\n").findIndex((l) => l.includes("**templates** [V] list_mcp_resource_templates")) + 1} differs)`,
    );
    expect(hostsDocProblem(`${now}extra\n`, now)).toMatch(STALE);
  });

  it("gives every host's release and facts with certainty and source, and every rule with its hosts", () => {
    const doc = hostsDoc();
    for (const host of Object.values(HOSTS)) {
      expect(doc).toContain(`## ${host.label}\n`);
      expect(doc).toContain(`- Release: ${host.version}`);
      for (const [key, f] of Object.entries(host.facts)) {
        expect(doc).toContain(`- **${key}** ${f.certainty === "verified" ? "[V]" : "[I]"} `);
        expect(doc).toContain(`[${host.id}.${key}]: ${f.source.url}\n`);
      }
    }
    for (const [code, rule] of Object.entries(HOST_RULES))
      expect(doc).toContain(`### ${code}\n\n${rule.severity} · `);
    expect(doc).toContain(
      "### host-templates-only\n\nerror · Content reachable only through a template · Gemini CLI, Claude Code",
    );
  });

  it("keeps its prose to the line width (only a link definition's URL may run past it)", () => {
    const long = hostsDoc()
      .split("\n")
      .filter((line) => line.length > HOSTS_DOC_WIDTH && !/^\[[^\]]+\]: https:\/\//.test(line));
    expect(long).toEqual([]);
  });

  it("refuses a rule resting on a fact its host's module does not list", () => {
    const { "host-codex-paging": paging } = HOST_RULES;
    const stray = { ...paging, facts: [{ host: "codex" as const, fact: { ...paging.facts[0]!.fact } }] };
    expect(() => hostsDoc(HOSTS, { "host-codex-paging": stray })).toThrow(
      "host-codex-paging rests on a fact of Codex CLI that its module does not list",
    );
  });
});
