import "server-only";
import type { Resource, ResourceTemplate, SessionLists as FirstListing } from "@/lib/api/contract";
import type { ListDiff } from "@/lib/api/events";
import type { RequestContext } from "../in-flight";
import { resourceListBody, templateListBody } from "../list-bodies";
import { ListCache, type Walked } from "../list-cache";
import { walkPages, type PagedResult } from "../pagination";
import type { SessionConnection } from "./connection";
import type { SessionOutput } from "./output";

/** The longest first listing the "connected" event carries (the connect answer carries any). */
const EVENT_LISTS_MAX_ITEMS = 2_000;

export type ListKind = "resources" | "templates";

/** Why the lists are walked again; each reason re-lists both kinds and says so alike. */
export type RelistReason = "list_changed" | "reconnect" | "re-initialization" | "restart";

/**
 * `silent`: a look of the inspector's own, not an operation of the user (a recording's second
 * look, the bytes of a content item the viewer already read); observers do not hear it.
 */
export interface LookOptions {
  silent?: boolean;
}

/**
 * A session's two listings (resources and templates): every page walked through the session's
 * request pipeline, the walks a connect primes, the first listing a connect answers with, and
 * the one re-list policy — after list_changed, a reconnect, a re-initialization or a restart,
 * both kinds are walked again and a change is told as `resources-changed` / `templates-changed`
 * with its diff. Knows nothing of the session: it is given walkers and predicates.
 */
export class SessionLists {
  readonly resources: ListCache<Resource>;
  readonly templates: ListCache<ResourceTemplate>;

  /** The lists of a connection: every page walked through its request pipeline. */
  static over(
    c: SessionConnection,
    sessionId: string,
    output: SessionOutput,
    o: { maxPages: number; name: () => string; undeclared: () => number },
  ): SessionLists {
    const walk =
      <T>(
        page: (
          cursor: string | undefined,
          ctx?: RequestContext,
        ) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
      ) =>
      (ctx?: RequestContext) =>
        c.request(o.name(), () => walkPages((cursor) => page(cursor, ctx), o.maxPages, ctx?.page));
    return new SessionLists(
      sessionId,
      output,
      {
        resources: walk((cursor, ctx) => c.client.listResources(cursor, c.requestOptions(ctx))),
        templates: walk((cursor, ctx) => c.client.listTemplates(cursor, c.requestOptions(ctx))),
      },
      {
        staysFresh: () => Boolean(c.capabilities?.resources?.listChanged) || o.undeclared() > 0,
        hasResources: () => Boolean(c.capabilities?.resources),
        closing: () => c.isClosing,
      },
    );
  }

  constructor(
    private readonly sessionId: string,
    private readonly output: SessionOutput,
    walk: {
      resources: (ctx?: RequestContext) => Promise<PagedResult<Resource>>;
      templates: (ctx?: RequestContext) => Promise<PagedResult<ResourceTemplate>>;
    },
    private readonly state: {
      /** Whether list_changed keeps our cached listing fresh, so a GET may answer from it. */
      staysFresh: () => boolean;
      /** The server declared resources at all. */
      hasResources: () => boolean;
      /** The session is closing: a re-list it cuts short is no failure worth a line. */
      closing: () => boolean;
    },
  ) {
    this.resources = new ListCache(walk.resources, (r) => r.uri);
    this.templates = new ListCache(walk.templates, (t) => t.uriTemplate);
  }

  /** Every page of one kind: from the cache when it stays fresh, else walked (joining the primed walk). */
  listResources(refresh: boolean, look: LookOptions, ctx?: RequestContext): Promise<PagedResult<Resource>> {
    return this.listed("resources", this.resources, refresh, look, ctx);
  }

  listTemplates(
    refresh: boolean,
    look: LookOptions,
    ctx?: RequestContext,
  ): Promise<PagedResult<ResourceTemplate>> {
    return this.listed("templates", this.templates, refresh, look, ctx);
  }

  private async listed<T extends Resource | ResourceTemplate>(
    kind: ListKind,
    cache: ListCache<T>,
    refresh: boolean,
    look: LookOptions,
    ctx?: RequestContext,
  ): Promise<PagedResult<T>> {
    // An explicit refresh walks anew; it never joins the walk started at connect.
    const listed = await cache.get(!refresh && this.state.staysFresh(), ctx, !refresh);
    if (!look.silent) this.told(kind, listed.items);
    return listed;
  }

  /**
   * Prime both walks and wait for them (up to `budgetMs`) without taking them from the first get:
   * what the "connected" event carries, when short enough.
   */
  async primed(budgetMs: number): Promise<FirstListing | undefined> {
    if (!this.state.hasResources()) return undefined;
    // Both walks start now; the page's first requests (or the connect answer) take them.
    this.resources.prime();
    this.templates.prime();
    const t0 = Date.now();
    const resources = await this.resources.waitPrimed(budgetMs);
    // A very long list is not pushed to every tab in one event: the connect answer carries it.
    if (!resources || resources.items.length > EVENT_LISTS_MAX_ITEMS) return undefined;
    const templates = await this.templates.waitPrimed(Math.max(50, budgetMs - (Date.now() - t0)));
    return {
      resources: resourceListBody(resources),
      ...(templates ? { templates: templateListBody(templates) } : {}),
    };
  }

  /**
   * The walks the connect started, when they have ended: the connect answer carries them, and
   * they are heard as lists the user saw, as a request's would be. Undefined when the resources
   * walk is still going or failed: the page's own request joins or repeats it.
   */
  async first(): Promise<
    { resources: PagedResult<Resource>; templates?: PagedResult<ResourceTemplate> } | undefined
  > {
    const resources = await this.resources.takePrimed(0);
    if (!resources) return undefined;
    const templates = await this.templates.takePrimed(0);
    this.told("resources", resources.items);
    if (templates) this.told("templates", templates.items);
    return { resources, ...(templates ? { templates } : {}) };
  }

  /**
   * The one re-list policy: walk both kinds again and tell a change (or, for a list_changed the
   * server never declared, every walk: the page shows the notification). A failure is a note.
   * Resolves when both walks ended (restart waits; the others do not need to).
   */
  relist(why: RelistReason, undeclared = false): Promise<void> {
    const walk = <T>(kind: ListKind, cache: ListCache<T>) =>
      cache.refresh().then(
        (w: Walked<T>) => {
          if (w.changed || undeclared) this.changedList(kind, w.diff, undeclared);
        },
        (err: unknown) => {
          if (!this.state.closing())
            this.output.note(`[inspector] re-list after ${why} failed: ${String(err)}\n`);
        },
      );
    return Promise.all([walk("resources", this.resources), walk("templates", this.templates)]).then(
      () => undefined,
    );
  }

  private changedList(kind: ListKind, diff: ListDiff, undeclared: boolean): void {
    this.output.emit({
      type: kind === "resources" ? "resources-changed" : "templates-changed",
      sessionId: this.sessionId,
      diff,
      undeclared,
      at: Date.now(),
    });
  }

  private told(kind: ListKind, items: readonly (Resource | ResourceTemplate)[]): void {
    if (kind === "resources") this.output.tell({ type: "list", kind, items: items as readonly Resource[] });
    else this.output.tell({ type: "list", kind, items: items as readonly ResourceTemplate[] });
  }
}
