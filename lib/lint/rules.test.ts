/**
 * The README's rule tables repeat RULES for people: "Problems (spec linter)" every protocol code,
 * "Hosts" every host code with the hosts it affects — each code once, with its severity (grouped
 * where one sentence says when several fire, so not in RULES' order). This keeps them in step; the
 * "fires when" column is prose and only has to be there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_RULE_CODES } from "../hosts/host-rules";
import { PROTOCOL_RULES, RULES, type Rule } from "./rules";

const README = readFileSync(path.join(import.meta.dirname, "..", "..", "README.md"), "utf8");

interface TableRule {
  code: string;
  severity: string;
  /** The hosts column, when the table has one. */
  hosts?: string;
  firesWhen: string;
}

const PROTOCOL_CODES = Object.keys(PROTOCOL_RULES);

/** The rows of the table under "## <heading>", one entry per code (`a` · `b` rows share a line). */
function readmeRules(markdown: string, heading = "Problems"): TableRule[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) throw new Error(`README.md has no "## ${heading}" section`);
  const all = section.split("\n");
  const start = all.findIndex((l) => /^\|\s*code\s*\|/.test(l));
  const end = all.findIndex((l, i) => i > start && !l.startsWith("|"));
  const lines = all.slice(start, end < 0 ? undefined : end);
  const header = lines[0]?.split("|").map((c) => c.trim()) ?? [];
  const withHosts = header[3] === "hosts";
  expect(header.slice(1, withHosts ? 5 : 4)).toEqual(
    withHosts ? ["code", "severity", "hosts", "fires when"] : ["code", "severity", "fires when"],
  );
  return lines.slice(2).flatMap((line) => {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    const [, codeCell = "", severityCell = ""] = cells;
    const hosts = withHosts ? (cells[3] ?? "") : undefined;
    const firesWhen = cells[withHosts ? 4 : 3] ?? "";
    const codes = codeCell.split("·").map((c) => c.trim().replace(/^`|`$/g, ""));
    const severities = severityCell.split("·").map((s) => s.trim());
    return codes.map((code, i) => ({
      code,
      severity: severities[severities.length === 1 ? 0 : i] ?? "",
      ...(hosts === undefined ? {} : { hosts }),
      firesWhen,
    }));
  });
}

function disagreements(table: TableRule[], codes: readonly string[] = PROTOCOL_CODES): string[] {
  const out: string[] = [];
  const inTable = table.map((r) => r.code);
  const missing = codes.filter((c) => !inTable.includes(c));
  const unknown = inTable.filter((c, i) => !codes.includes(c) || inTable.indexOf(c) !== i);
  if (missing.length > 0) out.push(`codes: README lacks ${missing.join(", ")}`);
  if (unknown.length > 0)
    out.push(`codes: README lists ${unknown.join(", ")}, which RULES has not (or twice)`);
  for (const row of table) {
    const rule = (RULES as Record<string, Rule>)[row.code];
    if (rule && rule.severity !== row.severity)
      out.push(`${row.code}: README says ${row.severity}, RULES says ${rule.severity}`);
    if (rule && row.hosts !== undefined) {
      const said = row.hosts
        .split(",")
        .map((h) => h.trim())
        .sort()
        .join(", ");
      const has = [...(rule.hosts ?? [])].sort().join(", ");
      if (said !== has) out.push(`${row.code}: README says hosts ${said}, RULES says ${has}`);
    }
    if (row.firesWhen === "") out.push(`${row.code}: README says nothing under "fires when"`);
  }
  return out;
}

describe("README's rule tables", () => {
  it("lists every protocol code of RULES once, with its severity", () => {
    expect(disagreements(readmeRules(README))).toEqual([]);
  });

  it("lists every host code once under Hosts, with its severity and the hosts it affects", () => {
    expect(disagreements(readmeRules(README, "Hosts"), HOST_RULE_CODES)).toEqual([]);
    const wrongHosts = README.replace(/(\| `host-list-fails`\s+\| error\s+\| )gemini-cli/, "$1vscode");
    expect(disagreements(readmeRules(wrongHosts, "Hosts"), HOST_RULE_CODES)).toEqual([
      "host-list-fails: README says hosts vscode, RULES says gemini-cli",
    ]);
  });

  it("would fail on a wrong severity, a missing code, a code RULES does not have or one listed twice", () => {
    const wrongSeverity = README.replace(/(\| `blob-not-base64`\s+\| )error/, "$1info ");
    expect(disagreements(readmeRules(wrongSeverity))).toEqual([
      "blob-not-base64: README says info, RULES says error",
    ]);
    const missing = README.replace(/^\| `slow-request`.*\n/m, "");
    expect(disagreements(readmeRules(missing))).toEqual(["codes: README lacks slow-request"]);
    const extra = README.replace("`response-without-request`", "`response-without-request` · `made-up`");
    expect(disagreements(readmeRules(extra))).toEqual([
      "codes: README lists made-up, which RULES has not (or twice)",
    ]);
    const twice = README.replace("`response-without-request`", "`response-without-request` · `slow-request`");
    expect(disagreements(readmeRules(twice))).toContain(
      "codes: README lists slow-request, which RULES has not (or twice)",
    );
  });
});
