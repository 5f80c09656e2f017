/**
 * JUnit XML for CI dashboards: one <testsuite> per check file, one <testcase> per step.
 * Follows the common Jenkins/Surefire dialect that GitLab, GitHub reporters and Azure read.
 */
export interface JUnitStep {
  id: string;
  action: string;
  title?: string;
  status: "passed" | "failed" | "error" | "skipped";
  durationMs: number;
  mismatches: { path: string; message: string }[];
  error?: string;
}
export interface JUnitCheck {
  name: string;
  file?: string;
  durationMs: number;
  steps: JUnitStep[];
  error?: string;
}

// Terminal colour and cursor sequences (ECMA-48 CSI), e.g. from a server's stderr: formatting, not text.
const ANSI_CSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
// Everything outside XML 1.0's Char production (§2.2): C0 controls but tab/LF/CR, U+FFFE/U+FFFF and
// unpaired surrogates. They are illegal even as character references, so they are shown as `\uXXXX`.
const NOT_XML_CHAR = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function readable(s: string): string {
  return s
    .replace(ANSI_CSI, "")
    .replace(NOT_XML_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Element content: the five specials escaped; CR as a reference, since parsers turn a raw CR into LF (§2.11). */
export function escapeText(s: string): string {
  return readable(s)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\r/g, "&#13;");
}

/** Attribute values: also tab and LF as references, since parsers turn raw ones into spaces (§3.3.3). */
export function escapeXml(s: string): string {
  return escapeText(s).replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}

const secs = (ms: number) => (ms / 1000).toFixed(3);

export function toJUnit(checks: readonly JUnitCheck[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const all = checks.flatMap((c) => c.steps);
  const count = (s: JUnitStep["status"]) => all.filter((x) => x.status === s).length;
  const total = checks.reduce((n, c) => n + c.durationMs, 0);
  lines.push(
    `<testsuites name="mcp-resource-inspector" tests="${all.length + checks.filter((c) => c.error).length}" failures="${count("failed")}" errors="${count("error") + checks.filter((c) => c.error).length}" skipped="${count("skipped")}" time="${secs(total)}">`,
  );
  for (const c of checks) {
    const failures = c.steps.filter((s) => s.status === "failed").length;
    const errors = c.steps.filter((s) => s.status === "error").length + (c.error ? 1 : 0);
    const skipped = c.steps.filter((s) => s.status === "skipped").length;
    const file = c.file ? ` file="${escapeXml(c.file)}"` : "";
    lines.push(
      `  <testsuite name="${escapeXml(c.name)}" tests="${c.steps.length + (c.error ? 1 : 0)}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${secs(c.durationMs)}"${file}>`,
    );
    if (c.error) {
      lines.push(`    <testcase classname="${escapeXml(c.name)}" name="launch" time="0">`);
      lines.push(`      <error message="${escapeXml(c.error)}"/>`);
      lines.push("    </testcase>");
    }
    for (const s of c.steps) {
      const name = `${s.id} ${s.action}${s.title ? `: ${s.title}` : ""}`;
      lines.push(
        `    <testcase classname="${escapeXml(c.name)}" name="${escapeXml(name)}" time="${secs(s.durationMs)}">`,
      );
      if (s.status === "failed") {
        const body = s.mismatches.map((m) => `${m.path || "(root)"}: ${m.message}`).join("\n");
        const more = s.mismatches.length > 1 ? ` (+${s.mismatches.length - 1} more)` : "";
        const message = `step ${s.id}: ${s.mismatches[0]?.message ?? "failed"}${more}`;
        lines.push(`      <failure message="${escapeXml(message)}">${escapeText(body)}</failure>`);
      } else if (s.status === "error") {
        lines.push(`      <error message="${escapeXml(`step ${s.id}: ${s.error ?? "error"}`)}"/>`);
      } else if (s.status === "skipped") {
        lines.push(`      <skipped message="${escapeXml(s.error ?? "skipped")}"/>`);
      }
      lines.push("    </testcase>");
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
