/**
 * The README's rule table ("Problems (spec linter)") repeats RULES for people: every code once,
 * with its severity (grouped where one sentence says when several fire, so not in RULES' order).
 * This keeps the two in step; the "fires when" column is prose and only has to be there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROBLEM_CODES, RULES, type Severity } from "./rules";

const README = readFileSync(path.join(import.meta.dirname, "..", "..", "README.md"), "utf8");

interface TableRule {
  code: string;
  severity: string;
  firesWhen: string;
}

/** The rows of the table under "## Problems", one entry per code (`a` · `b` rows share a line). */
function readmeRules(markdown: string): TableRule[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith("Problems"));
  if (!section) throw new Error('README.md has no "## Problems" section');
  const all = section.split("\n");
  const start = all.findIndex((l) => /^\|\s*code\s*\|/.test(l));
  const end = all.findIndex((l, i) => i > start && !l.startsWith("|"));
  const lines = all.slice(start, end < 0 ? undefined : end);
  const header = lines[0]?.split("|").map((c) => c.trim());
  expect(header?.slice(1, 4)).toEqual(["code", "severity", "fires when"]);
  return lines.slice(2).flatMap((line) => {
    const [, codeCell = "", severityCell = "", firesWhen = ""] = line.split(/(?<!\\)\|/).map((c) => c.trim());
    const codes = codeCell.split("·").map((c) => c.trim().replace(/^`|`$/g, ""));
    const severities = severityCell.split("·").map((s) => s.trim());
    return codes.map((code, i) => ({
      code,
      severity: severities[severities.length === 1 ? 0 : i] ?? "",
      firesWhen,
    }));
  });
}

function disagreements(table: TableRule[]): string[] {
  const out: string[] = [];
  const inTable = table.map((r) => r.code);
  const missing = PROBLEM_CODES.filter((c) => !inTable.includes(c));
  const unknown = inTable.filter(
    (c, i) => !(PROBLEM_CODES as string[]).includes(c) || inTable.indexOf(c) !== i,
  );
  if (missing.length > 0) out.push(`codes: README lacks ${missing.join(", ")}`);
  if (unknown.length > 0)
    out.push(`codes: README lists ${unknown.join(", ")}, which RULES has not (or twice)`);
  for (const row of table) {
    const rule = (RULES as Record<string, { severity: Severity }>)[row.code];
    if (rule && rule.severity !== row.severity)
      out.push(`${row.code}: README says ${row.severity}, RULES says ${rule.severity}`);
    if (row.firesWhen === "") out.push(`${row.code}: README says nothing under "fires when"`);
  }
  return out;
}

describe("README's rule table", () => {
  it("lists every code of RULES once, with its severity", () => {
    expect(disagreements(readmeRules(README))).toEqual([]);
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
