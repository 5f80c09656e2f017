import "server-only";
import type { FileWatchStatus } from "@/lib/api/contract";

/** Watch mode as the session sees it (server/mcp/restart-on-change/restart.ts): shown, stopped with it. */
export interface FileWatchControl {
  status(): FileWatchStatus;
  /** Stops watching and kills a build in flight; never waits for a restart (which may be closing us). */
  stop(): Promise<void>;
  killSync(): void;
}

/** The session's one watch mode, while it is on (a part of McpSession): replaced, stopped with it. */
export class FileWatchSlot {
  private control: FileWatchControl | null = null;

  constructor(
    /** The session is closing: a watch mode set now is stopped at once. */
    private readonly closing: () => boolean,
    private readonly changed: () => void,
  ) {}

  get current(): FileWatchControl | null {
    return this.control;
  }

  /** Turn watch mode on (replacing an earlier one, which is stopped) or off (null). */
  async set(control: FileWatchControl | null): Promise<void> {
    const previous = this.control;
    this.control = control;
    if (previous && previous !== control) await previous.stop();
    if (control && this.closing()) {
      this.control = null;
      await control.stop();
    }
    this.changed();
  }

  /** On close: stopped, and no longer shown. */
  async stop(): Promise<void> {
    const control = this.control;
    this.control = null;
    await control?.stop();
  }

  killSync(): void {
    this.control?.killSync();
  }
}
