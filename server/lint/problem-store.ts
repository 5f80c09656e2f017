/**
 * The linter's problems (traffic-linter.ts finds them): one per code and subject, counted when
 * seen again, up to a capacity; each bounded on the way in (lib/limits/bounds.ts).
 */
import type { Finding } from "@/lib/lint/checks";
import type { Problem } from "@/lib/lint/problem";
import { EXCERPT_CHARS } from "@/lib/lint/quote";
import { RULES, type Rule } from "@/lib/lint/rules";
import { boundedKey, clip, MAX_FIELD_CHARS, MAX_TEXT_CHARS } from "@/lib/limits/bounds";

/** A problem's message quotes URIs and what the server said: at most this many characters. */
export const MAX_PROBLEM_MESSAGE_CHARS = 4_096;

/** What the linter knows of where a finding was seen (the rule's finding may name uri and method). */
export type Evidence = Problem["evidence"] & { trafficSeq?: number | undefined };

/** The linter's problems: one per code and subject, counted when seen again, up to a capacity. */
export class ProblemStore {
  private readonly problems = new Map<string, Problem>();
  private readonly listeners = new Set<() => void>();
  /** Problems not kept: the store was at its capacity. */
  dropped = 0;

  constructor(private readonly capacity: number) {}

  list(): Problem[] {
    return [...this.problems.values()];
  }

  clear(): void {
    this.problems.clear();
    this.dropped = 0;
    this.changed();
  }

  /**
   * A capture's problems (an offline session shows what was found then): bounded as `add` bounds
   * a finding, up to the capacity, the rest counted as dropped.
   */
  restore(problems: readonly Problem[]): void {
    for (const p of problems) {
      const key = `${p.code} ${boundedKey(p.evidence.uri ?? "")} ${boundedKey(p.message)}`;
      if (this.problems.has(key)) continue;
      if (this.problems.size >= this.capacity) {
        this.dropped += 1;
        continue;
      }
      const e = p.evidence;
      const evidence: Problem["evidence"] = {};
      if (e.trafficSeq !== undefined) evidence.trafficSeq = e.trafficSeq;
      if (e.uri !== undefined) evidence.uri = clip(e.uri, MAX_TEXT_CHARS);
      if (e.method !== undefined) evidence.method = clip(e.method, MAX_FIELD_CHARS);
      if (e.excerpt !== undefined) evidence.excerpt = clip(e.excerpt, EXCERPT_CHARS + 40);
      this.problems.set(key, {
        code: p.code,
        severity: p.severity,
        message: clip(p.message, MAX_PROBLEM_MESSAGE_CHARS),
        specUrl: clip(p.specUrl, MAX_TEXT_CHARS),
        at: clip(p.at, MAX_FIELD_CHARS),
        count: p.count,
        evidence,
        why: clip(p.why, MAX_TEXT_CHARS),
        ...(p.hosts ? { hosts: [...new Set(p.hosts)] } : {}),
      });
    }
    this.changed();
  }

  /** Called (synchronously) whenever a problem is added or seen again. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * The one way in to the problem store, and where a problem is bounded: its key, subject,
   * message and evidence never hold more than their caps of what the server sent (lib/limits/bounds.ts).
   */
  addAll(findings: readonly Finding[], evidence: Evidence): void {
    for (const f of findings) this.add(f, evidence);
  }

  private add(f: Finding, evidence: Evidence): void {
    const key = `${f.code} ${boundedKey(f.subject)}`;
    const existing = this.problems.get(key);
    if (existing) {
      existing.count += 1;
      this.changed();
      return;
    }
    if (this.problems.size >= this.capacity) {
      this.dropped += 1;
      return;
    }
    const rule: Rule = RULES[f.code];
    const clean: Problem["evidence"] = {};
    if (evidence.trafficSeq !== undefined) clean.trafficSeq = evidence.trafficSeq;
    const uri = f.uri ?? evidence.uri;
    if (uri !== undefined) clean.uri = clip(uri, MAX_TEXT_CHARS);
    const method = f.method ?? evidence.method;
    if (method !== undefined) clean.method = clip(method, MAX_FIELD_CHARS);
    if (evidence.excerpt !== undefined) clean.excerpt = clip(evidence.excerpt, EXCERPT_CHARS + 40);
    this.problems.set(key, {
      code: f.code,
      severity: rule.severity,
      message: clip(f.message, MAX_PROBLEM_MESSAGE_CHARS),
      specUrl: rule.specUrl,
      at: new Date().toISOString(),
      count: 1,
      evidence: clean,
      why: rule.why,
      ...(rule.hosts ? { hosts: [...rule.hosts] } : {}),
    });
    this.changed();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
