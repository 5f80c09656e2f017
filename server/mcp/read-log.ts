import "server-only";
import type { ReadResponse } from "@/lib/api/contract";
import { heldChars } from "@/lib/limits/bounds";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { oncePrefixed } from "./session-errors";

/** One URI's latest read: what the server answered, and when. */
export interface LoggedRead {
  uri: string;
  at: string;
  result?: ReadResponse;
  error?: { code?: number; message: string };
  /**
   * The read succeeded but was too large to keep (over READ_LOG_ENTRY_CHARS): only that it was
   * made is remembered, and a capture reads it again (server/capture/writer.ts).
   */
  large?: true;
}

/** A failed read as kept: the MCP error's code, and its message as the page shows it. */
export function readFailure(err: unknown): { code?: number; message: string } {
  const code = err instanceof McpError ? err.code : undefined;
  // A server that sends an McpError's message gets "MCP error N: " twice; once is what it said.
  const message = oncePrefixed(err instanceof Error ? err.message : String(err));
  return { ...(code !== undefined ? { code } : {}), message };
}

/** What the log may hold in the characters of its strings (a capture's "reads the user made"). */
export const READ_LOG_CHARS = 16 * 1024 * 1024;
/**
 * One read larger than this is remembered by its URI only: the backend streams a 30 MB blob to the
 * page and keeps no copy of it (app/api/large-content.test.ts), and the log must not be that copy.
 */
export const READ_LOG_ENTRY_CHARS = 1024 * 1024;
/** How many URIs it remembers, whatever their size. */
export const READ_LOG_ENTRIES = 5_000;

/**
 * The latest outcome of every URI the user read (issue 25: a capture holds "the reads the user
 * made", a comparison the contents both sides read). A URI read again replaces its entry and moves
 * to the end; the oldest go first when the log passes its character or entry budget, and a read
 * over 1 MB is remembered by its URI alone, so a server answering 100 MB reads costs at most the
 * budget. The results are the objects the session already returned, not copies.
 */
export class ReadLog {
  private readonly entries = new Map<string, { read: LoggedRead; chars: number }>();
  private chars = 0;

  constructor(
    private readonly maxChars = READ_LOG_CHARS,
    private readonly maxEntries = READ_LOG_ENTRIES,
    private readonly maxEntryChars = READ_LOG_ENTRY_CHARS,
  ) {}

  ok(uri: string, result: ReadResponse): void {
    const at = new Date().toISOString();
    this.put(heldChars(result) > this.maxEntryChars ? { uri, at, large: true } : { uri, at, result });
  }

  failed(uri: string, err: unknown): void {
    const code = err instanceof McpError ? err.code : undefined;
    // As the page shows it: a server that sends an McpError's message gets "MCP error N: " twice.
    const message = oncePrefixed(err instanceof Error ? err.message : String(err));
    this.put({
      uri,
      at: new Date().toISOString(),
      error: { ...(code !== undefined ? { code } : {}), message },
    });
  }

  /** Oldest first. */
  all(): LoggedRead[] {
    return [...this.entries.values()].map((e) => e.read);
  }

  get(uri: string): LoggedRead | undefined {
    return this.entries.get(uri)?.read;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Seeded from a capture (an offline session's reads). */
  restore(reads: readonly LoggedRead[]): void {
    for (const read of reads) this.put(read);
  }

  private put(read: LoggedRead): void {
    this.drop(read.uri);
    const chars = heldChars(read.result ?? read.error ?? null) + read.uri.length;
    // One read over the whole budget is not kept: the log would hold nothing else.
    if (chars > this.maxChars) return;
    this.entries.set(read.uri, { read, chars });
    this.chars += chars;
    for (const key of this.entries.keys()) {
      if (this.chars <= this.maxChars && this.entries.size <= this.maxEntries) break;
      this.drop(key);
    }
  }

  private drop(uri: string): void {
    const old = this.entries.get(uri);
    if (!old) return;
    this.entries.delete(uri);
    this.chars -= old.chars;
  }
}
