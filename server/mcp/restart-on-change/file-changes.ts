import "server-only";
import { watch, type FSWatcher } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";

/** Never watched, at any depth: dependencies and version control churn without the author editing. */
export const IGNORED_NAMES: ReadonlySet<string> = new Set(["node_modules", ".git"]);

/** Directories watched at most; a larger tree is almost certainly the wrong path. */
export const MAX_WATCHED_DIRS = 2_000;

export interface FileWatchOptions {
  debounceMs?: number;
}

/**
 * Reports file changes under a path (a directory, recursively, or one file), debounced: one
 * callback with every changed path (relative to the watched directory) once nothing changed for
 * `debounceMs`. Node 20's `fs.watch({recursive: true})` works on Linux, but it walks and watches
 * `node_modules` too (tens of thousands of inotify watches for a typical server), so each
 * directory is watched on its own and ignored names are never entered. A single file is watched
 * through its directory: editors save by rename, which ends a watcher on the file itself.
 */
export class FileWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly debounceMs: number;
  /** Set when the watched path is one file: only changes to that name count. */
  private onlyFile: string | null = null;
  private root = "";

  constructor(
    private readonly target: string,
    private readonly onChange: (paths: string[]) => void,
    private readonly onError: (err: Error) => void,
    options: FileWatchOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 300;
  }

  /** Resolves once every directory is watched; rejects when the path is missing. */
  async start(): Promise<void> {
    const target = path.resolve(this.target);
    const info = await stat(target);
    if (info.isDirectory()) {
      this.root = target;
      await this.addTree(target);
    } else {
      this.root = path.dirname(target);
      this.onlyFile = path.basename(target);
      this.addDir(this.root);
    }
  }

  /** How many directories are watched (each one fs.watch handle). */
  get watchedDirs(): number {
    return this.watchers.size;
  }

  private async addTree(dir: string): Promise<void> {
    if (this.closed || this.watchers.has(dir)) return;
    if (this.watchers.size >= MAX_WATCHED_DIRS)
      throw new Error(
        `More than ${MAX_WATCHED_DIRS} directories under ${this.root}; choose a narrower path.`,
      );
    this.addDir(dir);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // removed while we walked
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !IGNORED_NAMES.has(entry.name))
        await this.addTree(path.join(dir, entry.name));
    }
  }

  private addDir(dir: string): void {
    if (this.closed) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => this.onEvent(dir, name));
    } catch (err) {
      if (dir === this.root) throw err;
      return; // a subdirectory that vanished between readdir and watch
    }
    watcher.on("error", (err) => {
      // A watched directory that is removed ends its watcher; only the root's loss matters.
      this.unwatch(dir);
      if (dir === this.root) this.onError(err);
    });
    this.watchers.set(dir, watcher);
  }

  private unwatch(dir: string): void {
    this.watchers.get(dir)?.close();
    this.watchers.delete(dir);
  }

  private onEvent(dir: string, name: string | Buffer | null): void {
    if (this.closed || name === null) return;
    const base = name.toString();
    if (IGNORED_NAMES.has(base)) return;
    if (this.onlyFile !== null && base !== this.onlyFile) return;
    const full = path.join(dir, base);
    this.pending.add(path.relative(this.root, full) || base);
    if (this.onlyFile === null) void this.followNewDir(full);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  /** A directory created (or moved in) after the walk is watched too. */
  private async followNewDir(full: string): Promise<void> {
    if (this.watchers.has(full)) return;
    try {
      if ((await stat(full)).isDirectory()) await this.addTree(full);
    } catch {
      // gone already, or not a directory we can enter: nothing to follow
    }
  }

  private flush(): void {
    this.timer = null;
    if (this.closed || this.pending.size === 0) return;
    const paths = [...this.pending].sort();
    this.pending.clear();
    this.onChange(paths);
  }

  /** Idempotent; no fs watcher or timer survives it. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const dir of [...this.watchers.keys()]) this.unwatch(dir);
    this.pending.clear();
  }
}
