/** The Problem shape every layer shares: the API, the panel, exports and recorded checks. */
import { z } from "zod";
import { HOST_IDS } from "../hosts/types";
import { PROBLEM_CODES, type ProblemCode } from "./rules";

export const severitySchema = z.enum(["error", "warning", "info"]);

export const problemSchema = z.object({
  code: z.enum(PROBLEM_CODES as [ProblemCode, ...ProblemCode[]]),
  severity: severitySchema,
  message: z.string(),
  specUrl: z.string(),
  /** When it was first seen (ISO 8601). */
  at: z.string(),
  /** How many times it was seen (the same code and subject are one problem). */
  count: z.number().int().min(1),
  evidence: z.object({
    /** The traffic log entry (its seq) that shows it. */
    trafficSeq: z.number().int().optional(),
    uri: z.string().optional(),
    method: z.string().optional(),
    /** A short excerpt of the offending message or line (≤ 400 characters). */
    excerpt: z.string().optional(),
  }),
  why: z.string(),
  /** A host-compatibility problem: the hosts that lose something (lib/hosts/host-rules.ts). */
  hosts: z.array(z.enum(HOST_IDS)).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const scanStateSchema = z.object({
  running: z.boolean(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  /** Resources to read (bounded), and how many were read so far. */
  total: z.number().int(),
  reads: z.number().int(),
  bytes: z.number().int(),
  stopped: z.boolean(),
  /** Why the scan ended early (a limit, Stop, a failure). */
  note: z.string().optional(),
});
export type ScanState = z.infer<typeof scanStateSchema>;

export const problemsResponseSchema = z.object({
  problems: z.array(problemSchema),
  scan: scanStateSchema.optional(),
});
export type ProblemsResponse = z.infer<typeof problemsResponseSchema>;

const ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Most severe first, then oldest first. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.at.localeCompare(b.at));
}
