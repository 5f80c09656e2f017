import "server-only";
import { toJUnit } from "@/lib/check/junit";
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
      if (s.error) out.push(`        ${s.status === "skipped" ? yellow(s.error) : red(s.error)}`);
      for (const m of s.mismatches) {
        out.push(`        ${red(m.path || "(root)")}: ${m.message}`);
        if (m.expected !== undefined) out.push(`          ${green("- expected")} ${fmt(m.expected)}`);
        if (m.actual !== undefined) out.push(`          ${red("+ actual  ")} ${fmt(m.actual)}`);
      }
    }
    if (r.stderrTail?.length)
      out.push(dim(`    server stderr (last lines):\n${r.stderrTail.map((l) => `      ${l}`).join("\n")}`));
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
