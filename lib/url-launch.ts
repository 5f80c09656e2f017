/**
 * The URL side of the connect box: is a paste a server URL, which host would be contacted, and are
 * the headers the user typed ones the API accepts. Pure, so the review step and its tests share it.
 */
import type { z } from "zod";
import { headersSchema, httpUrlSchema, type HttpTransportChoice } from "./contract";
import { escapeHidden, findHiddenCharacters } from "./hidden-characters";
import type { LaunchWarning } from "./launch-warnings";
import { isLoopbackName } from "./request-guard";

/** A paste is taken as a URL when it starts with a scheme; a command line never does. */
export function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text.trim());
}

export interface UrlTarget {
  /** What is sent to the API: the paste without surrounding whitespace. */
  url: string;
  /** The host the inspector will contact, as the URL parser reads it (IDN as punycode). */
  host: string;
  loopback: boolean;
}

export type ParsedUrl = { ok: true; target: UrlTarget } | { ok: false; message: string };

/** The same check POST /api/sessions makes, plus the host it names. */
export function parseServerUrl(text: string): ParsedUrl {
  const url = text.trim();
  const checked = httpUrlSchema.safeParse(url);
  if (!checked.success) return { ok: false, message: checked.error.issues[0]?.message ?? "invalid URL" };
  const parsed = new URL(url);
  return { ok: true, target: { url, host: parsed.host, loopback: isLoopbackName(parsed.hostname) } };
}

/** What the review warns about before connecting. */
export function urlWarnings(target: UrlTarget, headerNames: readonly string[]): LaunchWarning[] {
  const warnings: LaunchWarning[] = [];
  const hidden = findHiddenCharacters(target.url);
  if (hidden.length > 0) {
    const codes = [...new Set(hidden.map((c) => c.code))].join(", ");
    warnings.push({
      level: "danger",
      message: `The URL contains hidden characters (${codes}): the host contacted is ${escapeHidden(target.host)}, which may not be what the URL seems to say.`,
    });
  }
  if (!target.loopback) {
    warnings.push({
      level: "caution",
      message: `Contacts ${escapeHidden(target.host)}, a machine other than this one.`,
    });
    if (new URL(target.url).protocol === "http:" && headerNames.length > 0) {
      warnings.push({
        level: "caution",
        message: "Plain http to another machine: the headers you add travel unencrypted.",
      });
    }
  }
  return warnings;
}

/** One row of the header editor. Rows with neither name nor value are left out. */
export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

export interface CheckedHeaders {
  headers: Record<string, string>;
  /** Why a row cannot be sent, by row id. */
  errors: Map<number, string>;
}

/** The innermost message: a bad record key is reported as "Invalid key in record" around the regex's own. */
function firstMessage(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return "invalid header";
  if (issue.code === "invalid_key" && issue.issues.length > 0) return firstMessage(issue.issues);
  return issue.message;
}

/** Checks each row as the API's `headersSchema` does, and refuses a name given twice. */
export function checkHeaders(rows: readonly HeaderRow[]): CheckedHeaders {
  const headers: Record<string, string> = {};
  const errors = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.name === "" && row.value === "") continue;
    if (row.name === "") {
      errors.set(row.id, "a header needs a name");
      continue;
    }
    const single = headersSchema.safeParse({ [row.name]: row.value });
    if (!single.success) {
      errors.set(row.id, firstMessage(single.error.issues));
      continue;
    }
    const key = row.name.toLowerCase();
    if (seen.has(key)) {
      errors.set(row.id, `${row.name} is given twice`);
      continue;
    }
    seen.add(key);
    headers[row.name] = row.value;
  }
  const all = headersSchema.safeParse(headers);
  // Only the count can fail here (each row passed alone): say so on the last row.
  const last = rows.at(-1);
  if (!all.success && last) errors.set(last.id, all.error.issues[0]?.message ?? "too many headers");
  return { headers, errors };
}

export const TRANSPORT_LABEL: Record<HttpTransportChoice, string> = {
  auto: "Auto",
  "streamable-http": "Streamable HTTP",
  sse: "SSE",
};

/** Whether a paste is a JSON object (a client config, for the import review) rather than a command line. */
export function looksLikeJson(text: string): boolean {
  return text.trim().startsWith("{");
}
