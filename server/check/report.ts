import "server-only";
import { toJUnit } from "@/lib/check/junit";
import type { CheckRepeat } from "@/lib/check/repeat";
import type { CheckResult } from "./runner";

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const c = (code: string) => (s: string) => (useColor ? `\u001b[${code}m${s}\u001b[0m` : s);
const green = c("32");
const red = c("31");
const yellow = c("33");
const dim = c("2");

const icon = { passed: green("✓"), failed: red("✗"), error: red("!"), skipped: yellow("-") } as const;
const fmt = (v: unknown) => {
  const s = JSON.stringify(v) ?? "undefined";
  return s.length > 300 ? `${s.slice(0, 297)}…` : s;
};

/** Human-readable: one line per step, and for each failure the path, expected and actual. */
export function pretty(results: readonly CheckResult[]): string {
  const out: string[] = [];
  for (const r of results) {
    out.push(
      `${r.status === "passed" ? icon.passed : icon.failed} ${r.name}${r.file ? dim(`  ${r.file}`) : ""} ${dim(`(${r.durationMs} ms)`)}`,
    );
    if (r.error) out.push(`    ${red(`could not run: ${r.error}`)}`);
    for (const s of r.steps) {
      out.push(
        `    ${icon[s.status]} ${s.id} ${s.action}${s.title ? ` — ${s.title}` : ""} ${dim(`${s.durationMs} ms`)}`,
      );
      if (s.note) out.push(`        ${dim(s.note)}`);
      if (s.error) out.push(`        ${s.status === "skipped" ? yellow(s.error) : red(s.error)}`);
      for (const m of s.mismatches) {
        out.push(`        ${red(m.path || "(root)")}: ${m.message}`);
        if (m.expected !== undefined) out.push(`          ${green("- expected")} ${fmt(m.expected)}`);
        if (m.actual !== undefined) out.push(`          ${red("+ actual  ")} ${fmt(m.actual)}`);
      }
    }
    if (r.stderrTail?.length)
      out.push(dim(`    server stderr (last lines):\n${r.stderrTail.map((l) => `      ${l}`).join("\n")}`));
    if (r.inspectorNotes?.length)
      out.push(dim(`    inspector notes:\n${r.inspectorNotes.map((l) => `      ${l}`).join("\n")}`));
  }
  const passed = results.filter((r) => r.status === "passed").length;
  const steps = results.flatMap((r) => r.steps);
  out.push("");
  out.push(
    `${passed === results.length ? green("PASS") : red("FAIL")} ${passed}/${results.length} checks passed, ${steps.filter((s) => s.status === "passed").length}/${steps.length} steps`,
  );
  return `${out.join("\n")}\n`;
}

export function json(results: readonly CheckResult[]): string {
  return `${JSON.stringify({ passed: results.every((r) => r.status === "passed"), results }, null, 2)}\n`;
}

export function junit(results: readonly CheckResult[]): string {
  return toJUnit(results);
}

const verdictIcon = { stable: icon.passed, flaky: yellow("~"), failing: icon.failed } as const;

/** `--repeat N`: per check and step, N/N or flaky (with each outcome and its runs) or failing. */
export function prettyRepeat(checks: readonly CheckRepeat[]): string {
  const out: string[] = [];
  for (const c of checks) {
    const label = c.verdict === "flaky" ? yellow(" flaky") : "";
    out.push(
      `${verdictIcon[c.verdict]} ${c.name}${c.file ? dim(`  ${c.file}`) : ""} ${c.passed}/${c.runs} runs passed${label}`,
    );
    for (const e of c.errors) out.push(`    ${red(`could not run: ${e}`)}`);
    for (const s of c.steps) {
      const tag = s.verdict === "flaky" ? yellow(" flaky") : s.verdict === "failing" ? red(" failing") : "";
      out.push(`    ${verdictIcon[s.verdict]} ${s.id} ${s.action} ${s.passed}/${s.runs}${tag}`);
      for (const o of s.outcomes) {
        const runs = `run${o.runs.length > 1 ? "s" : ""} ${o.runs.join(", ")}`;
        out.push(
          `        ${dim(runs)}: ${o.status === "passed" ? green("passed") : `${o.status} — ${o.detail}`}`,
        );
      }
    }
  }
  const stable = checks.filter((c) => c.verdict === "stable").length;
  out.push("");
  out.push(
    `${stable === checks.length ? green("PASS") : red("FAIL")} ${stable}/${checks.length} checks passed every run`,
  );
  return `${out.join("\n")}\n`;
}

export function jsonRepeat(checks: readonly CheckRepeat[]): string {
  return `${JSON.stringify({ passed: checks.every((c) => c.verdict === "stable"), checks }, null, 2)}\n`;
}
