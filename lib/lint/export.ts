/**
 * Problems as files: JSON (the API's shape) and SARIF 2.1.0, so a CI job can upload the `lint`
 * command's output to a code-scanning view. One rule per code (helpUri = its spec link), one
 * result per problem. SARIF results want a location; ours are URIs and messages, not source
 * lines, so each result names the server as its artifact and the resource URI as a logical
 * location.
 */
import { HOSTS } from "../hosts";
import type { Problem } from "./problem";
import { RULES, PROBLEM_CODES, type ProblemCode, type Rule } from "./rules";

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

export interface ExportMeta {
  /** The server, as the user named or launched it. */
  server: string;
  toolVersion?: string;
}

export function problemsJson(problems: readonly Problem[], meta: ExportMeta): string {
  return `${JSON.stringify({ server: meta.server, problems }, null, 2)}\n`;
}

const LEVEL = { error: "error", warning: "warning", info: "note" } as const;

/**
 * A host rule's help: the hosts it affects and each fact it rests on, with its certainty and
 * source link ([V] verified, [I] inferred), so a code-scanning view shows why without the app.
 */
function hostHelp(rule: Rule): { help: { text: string; markdown: string } } | Record<string, never> {
  if (!rule.hosts || !rule.facts) return {};
  const hosts = rule.hosts.map((h) => HOSTS[h].label).join(", ");
  const tag = (f: NonNullable<Rule["facts"]>[number]) => (f.fact.certainty === "verified" ? "V" : "I");
  const text = [
    `${rule.why} Affects: ${hosts}.`,
    ...rule.facts.map(
      (f) =>
        `[${tag(f)}] ${HOSTS[f.host].label}: ${f.fact.text} (${f.fact.source.label}: ${f.fact.source.url})`,
    ),
  ].join("\n");
  const markdown = [
    `${rule.why}`,
    "",
    `Affects: ${hosts}.`,
    "",
    ...rule.facts.map(
      (f) =>
        `- **[${tag(f)}]** ${HOSTS[f.host].label}: ${f.fact.text} ([${f.fact.source.label}](${f.fact.source.url}))`,
    ),
  ].join("\n");
  return { help: { text, markdown } };
}

export function problemsSarif(problems: readonly Problem[], meta: ExportMeta) {
  const used = PROBLEM_CODES.filter((c) => problems.some((p) => p.code === c));
  const index = new Map<ProblemCode, number>(used.map((c, i) => [c, i]));
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0" as const,
    runs: [
      {
        tool: {
          driver: {
            name: "mcp-resource-inspector",
            informationUri: "https://modelcontextprotocol.io/specification/2025-11-25/server/resources",
            ...(meta.toolVersion ? { version: meta.toolVersion } : {}),
            rules: used.map((code) => {
              const rule: Rule = RULES[code];
              return {
                id: code,
                name: code,
                shortDescription: { text: rule.title },
                fullDescription: { text: rule.why },
                helpUri: rule.specUrl,
                ...hostHelp(rule),
                defaultConfiguration: { level: LEVEL[rule.severity] },
                ...(rule.hosts ? { properties: { tags: hostTags(rule.hosts) } } : {}),
              };
            }),
          },
        },
        results: problems.map((p) => ({
          ruleId: p.code,
          ruleIndex: index.get(p.code) ?? 0,
          level: LEVEL[p.severity],
          message: { text: p.message },
          locations: [
            {
              physicalLocation: { artifactLocation: { uri: meta.server } },
              ...(p.evidence.uri
                ? { logicalLocations: [{ fullyQualifiedName: p.evidence.uri, kind: "resource" }] }
                : {}),
            },
          ],
          properties: {
            count: p.count,
            firstSeen: p.at,
            ...(p.evidence.method ? { method: p.evidence.method } : {}),
            ...(p.evidence.trafficSeq !== undefined ? { trafficSeq: p.evidence.trafficSeq } : {}),
            ...(p.hosts ? { hosts: p.hosts, tags: hostTags(p.hosts) } : {}),
          },
        })),
      },
    ],
  };
}

/** SARIF's property-bag tags (§3.8.1): filterable in code-scanning views. */
function hostTags(hosts: readonly string[]): string[] {
  return ["host-compatibility", ...hosts.map((h) => `host:${h}`)];
}

export function problemsSarifText(problems: readonly Problem[], meta: ExportMeta): string {
  return `${JSON.stringify(problemsSarif(problems, meta), null, 2)}\n`;
}

/** For people: one line per problem, most severe first, then a count. */
export function problemsPretty(problems: readonly Problem[], meta: ExportMeta): string {
  if (problems.length === 0) return `${meta.server}: no problems found\n`;
  const lines = problems.map(
    (p) =>
      `${p.severity.padEnd(7)} ${p.code}${p.count > 1 ? ` (×${p.count})` : ""}${p.hosts ? ` [${p.hosts.join(", ")}]` : ""}\n        ${p.message}\n        ${p.specUrl}`,
  );
  const n = (s: Problem["severity"]) => problems.filter((p) => p.severity === s).length;
  return `${meta.server}\n${lines.join("\n")}\n${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info\n`;
}
