import "server-only";
import { createHash } from "node:crypto";
import type { ContentDigest, ReadResponse, WatchInfo } from "@/lib/api/contract";
import { RingBuffer } from "@/lib/limits/ring-buffer";

export interface WatchVersion {
  version: number;
  at: number;
  result: ReadResponse;
  digests: ContentDigest[];
}

function digest(result: ReadResponse): ContentDigest[] {
  return result.contents.map((c) => {
    const blob = "blob" in c && typeof c.blob === "string" ? c.blob : null;
    const isBlob = blob !== null;
    const bytes =
      blob !== null ? Buffer.from(blob, "base64") : Buffer.from((c as { text?: string }).text ?? "", "utf8");
    return {
      uri: c.uri,
      ...(c.mimeType ? { mimeType: c.mimeType } : {}),
      bytes: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      isBlob,
    };
  });
}

/**
 * One watched resource: what the user follows, independent of the protocol call that serves it
 * (`resources/subscribe`, or the `subscriptions/listen` stream of a 2026-07-28 server). Keeps the
 * last few versions so the UI can step back and diff; re-reads are coalesced so a storm of
 * `updated` notifications costs at most one read in flight and one queued.
 */
export class Watch {
  readonly since = Date.now();
  updates = 0;
  lastUpdateAt: number | null = null;
  /** 2026-07-28: the server's listen acknowledgement left this URI out. */
  unacknowledged = false;
  private readonly versions: RingBuffer<WatchVersion>;
  private nextVersion = 1;
  private reading: Promise<void> | null = null;
  private again = false;

  constructor(
    readonly uri: string,
    private readonly read: () => Promise<ReadResponse>,
    /** After each re-read; `changed` is false when the server said "updated" but the bytes are the same. */
    private readonly onVersion: (v: WatchVersion, changed: boolean) => void,
    private readonly onError: (err: unknown) => void,
    keep = 10,
  ) {
    this.versions = new RingBuffer(keep);
  }

  /** Record a read result as the next version unless it is identical to the latest one. */
  add(result: ReadResponse): WatchVersion {
    const digests = digest(result);
    const latest = this.latest();
    if (latest && JSON.stringify(latest.digests) === JSON.stringify(digests)) return latest;
    const v: WatchVersion = { version: this.nextVersion++, at: Date.now(), result, digests };
    this.versions.push(v);
    return v;
  }

  latest(): WatchVersion | undefined {
    return this.versions.tail(1)[0];
  }

  get(version: number): WatchVersion | undefined {
    return this.versions.toArray().find((v) => v.version === version);
  }

  list(): WatchVersion[] {
    return this.versions.toArray();
  }

  /** The server said the resource changed: re-read, coalescing bursts. */
  updated(): void {
    this.updates++;
    this.lastUpdateAt = Date.now();
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.rereadLoop().finally(() => (this.reading = null));
  }

  private async rereadLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        const before = this.latest()?.version;
        const v = this.add(await this.read());
        this.onVersion(v, v.version !== before);
      } catch (err) {
        this.onError(err);
      }
    } while (this.again);
  }

  info(): WatchInfo {
    return {
      uri: this.uri,
      since: this.since,
      updates: this.updates,
      lastUpdateAt: this.lastUpdateAt,
      ...(this.unacknowledged ? { unacknowledged: true } : {}),
      versions: this.list().map(({ version, at, digests }) => ({ version, at, digests })),
    };
  }

  /** Wait for any re-read in flight (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }
}
