/**
 * Problems as files: JSON (the API's shape) and SARIF 2.1.0, so a CI job can upload the `lint`
 * command's output to a code-scanning view. One rule per code (helpUri = its spec link), one
 * result per problem. SARIF results want a location; ours are URIs and messages, not source
 * lines, so each result names the server as its artifact and the resource URI as a logical
 * location.
 */
import type { Problem } from "./problem";
import { RULES, PROBLEM_CODES, type ProblemCode } from "./rules";

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
            rules: used.map((code) => ({
              id: code,
              name: code,
              shortDescription: { text: RULES[code].title },
              fullDescription: { text: RULES[code].why },
              helpUri: RULES[code].specUrl,
              defaultConfiguration: { level: LEVEL[RULES[code].severity] },
            })),
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
          },
        })),
      },
    ],
  };
}

export function problemsSarifText(problems: readonly Problem[], meta: ExportMeta): string {
  return `${JSON.stringify(problemsSarif(problems, meta), null, 2)}\n`;
}

/** For people: one line per problem, most severe first, then a count. */
export function problemsPretty(problems: readonly Problem[], meta: ExportMeta): string {
  if (problems.length === 0) return `${meta.server}: no problems found\n`;
  const lines = problems.map(
    (p) =>
      `${p.severity.padEnd(7)} ${p.code}${p.count > 1 ? ` (×${p.count})` : ""}\n        ${p.message}\n        ${p.specUrl}`,
  );
  const n = (s: Problem["severity"]) => problems.filter((p) => p.severity === s).length;
  return `${meta.server}\n${lines.join("\n")}\n${n("error")} error(s), ${n("warning")} warning(s), ${n("info")} info\n`;
}
