/**
 * The URL side of the connect box: is a paste a server URL, which host would be contacted, and are
 * the headers the user typed ones the API accepts. Pure, so the review step and its tests share it.
 */
import {
  HEADER_COUNT_MESSAGE,
  headerProblem,
  httpUrlProblem,
  MAX_HEADERS,
  SERVER_URL_START,
} from "./http-input";
import { escapeHidden, findHiddenCharacters } from "./hidden-characters";
import type { LaunchWarning } from "./launch-warnings";
import { isLoopbackName } from "../security/request-guard";

/** A paste is taken as a URL when it starts with a scheme; a command line never does. */
export function looksLikeUrl(text: string): boolean {
  return SERVER_URL_START.test(text.trim());
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
  const problem = httpUrlProblem(url);
  if (problem) return { ok: false, message: problem };
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
    const protocol = new URL(target.url).protocol;
    if ((protocol === "http:" || protocol === "ws:") && headerNames.length > 0) {
      warnings.push({
        level: "caution",
        message: `Plain ${protocol.slice(0, -1)} to another machine: the headers you add travel unencrypted.`,
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

/** Checks each row with the rules the API's `headersSchema` is built from, and refuses a name given twice. */
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
    const problem = headerProblem(row.name, row.value);
    if (problem) {
      errors.set(row.id, problem);
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
  // Only the count can fail here (each row passed alone): say so on the last row.
  const last = rows.at(-1);
  if (Object.keys(headers).length > MAX_HEADERS && last) errors.set(last.id, HEADER_COUNT_MESSAGE);
  return { headers, errors };
}

/** The transport's name as the page shows it (kept beside HTTP_TRANSPORTS). */
export { TRANSPORT_LABEL } from "./http-input";
