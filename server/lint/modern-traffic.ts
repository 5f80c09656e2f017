/**
 * The traffic linter's 2026-07-28 half: it keeps the listen streams' bookkeeping
 * (listen-streams.ts) and hands each message's evidence to the revision's checks
 * (lib/lint/modern-checks.ts). It decides nothing itself and never throws; the linter stores what
 * it returns.
 */
import type { Finding } from "@/lib/lint/checks";
import * as modern from "@/lib/lint/modern-checks";
import { matchTemplate, parseTemplate, type TemplatePart } from "@/lib/resources/uri-template";
import { boundedKey } from "@/lib/limits/bounds";
import { PROBE_SCHEME } from "./bookkeeping";
import { ListenStreams } from "./listen-streams";

/**
 * A cancel of a stream that waited less than this is the client changing its mind, not giving up
 * on an acknowledgement (the SDK cancels an unacknowledged stream only at its request timeout).
 */
export const GAVE_UP_AFTER_MS = 1_000;

/** Templates a read's URI is matched against before its empty contents count as "not found". */
const MAX_MATCHED_TEMPLATES = 1_000;

type Params = Record<string, unknown>;

/** An invalid template matches nothing (it is a problem of its own: invalid-uri-template). */
function parsedOrNone(template: string): TemplatePart[][] {
  try {
    return [parseTemplate(template)];
  } catch {
    return [];
  }
}

const subscriptionIdOf = (params: Params) =>
  (params._meta as Params | undefined)?.[modern.SUBSCRIPTION_ID_KEY];

export class ModernTraffic {
  private readonly streams = new ListenStreams();
  private parsed: { templates: readonly string[]; parts: TemplatePart[][] } | null = null;
  /** Whether requests carry credentials (an Authorization header, or OAuth tokens). */
  credentials: () => boolean = () => false;

  constructor(private readonly version: () => string | null) {}

  /** A request of ours. */
  request(id: string | number, method: string): void {
    if (method === "subscriptions/listen") this.streams.opened(id);
  }

  /** A notification of ours: a cancel ends a listen stream (unacknowledged for long: given up). */
  sent(method: string, params: Params): Finding[] {
    if (method !== "notifications/cancelled" || !this.streams.has(params.requestId)) return [];
    const waited = this.streams.ended(params.requestId);
    return waited !== null && waited >= GAVE_UP_AFTER_MS
      ? modern.checkListenGivenUp(params.requestId, waited)
      : [];
  }

  /** A notification from the server. */
  notification(method: string, params: Params): Finding[] {
    if (method === "notifications/cancelled" && this.streams.has(params.requestId)) {
      this.streams.ended(params.requestId);
      return [];
    }
    const id = subscriptionIdOf(params);
    const state = this.streams.state(id);
    const found = modern.checkStreamNotification(method, id, state, this.version());
    if (method === "notifications/subscriptions/acknowledged") this.streams.acknowledged(id);
    return found;
  }

  /** The server answered a listen of ours: the stream ends (a result before the ack breaks the rule). */
  listenAnswered(id: string | number, isError: boolean): Finding[] {
    const state = this.streams.state(id);
    this.streams.ended(id);
    if (isError || state !== "unacknowledged") return [];
    return modern.checkStreamNotification("its subscriptions/listen result", id, state, this.version());
  }

  /**
   * A result of ours; for a read, `uri` and what says whether the server has it: the last complete
   * walk (null: none yet) and the templates.
   */
  result(
    method: string,
    r: Params,
    uri?: string,
    listed?: ReadonlyMap<string, unknown> | null,
    templates: readonly string[] = [],
  ): Finding[] {
    const v = this.version();
    const out = [
      ...modern.checkResultType(method, r, v),
      ...modern.checkPublicScope(method, r, this.credentials()),
    ];
    const isDiscover = method === "server/discover";
    if (!isDiscover || (Array.isArray(r.supportedVersions) && r.supportedVersions.some(modern.isModernEra)))
      out.push(...modern.checkModernCacheFields(method, r, v));
    if (uri !== undefined) {
      const missing = uri.startsWith(PROBE_SCHEME)
        ? "probe"
        : listed && !listed.has(boundedKey(uri)) && this.unmatched(uri, templates)
          ? "unlisted"
          : false;
      out.push(...modern.checkEmptyContents(uri, r.contents, v, missing));
    }
    return out;
  }

  /** An error answer to a read of ours. */
  readError(uri: string | undefined, error: { code?: unknown; data?: unknown }): Finding[] {
    return modern.checkNotFoundData(uri, error, this.version());
  }

  /** Matched by none of the (first) templates. */
  private unmatched(uri: string, templates: readonly string[]): boolean {
    if (this.parsed?.templates !== templates)
      this.parsed = { templates, parts: templates.slice(0, MAX_MATCHED_TEMPLATES).flatMap(parsedOrNone) };
    return !this.parsed.parts.some((parts) => matchTemplate(parts, uri) !== null);
  }
}
