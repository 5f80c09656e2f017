/**
 * Reading a file someone else may have named (a capture, a config-folder store) without letting
 * its kind hang us: `open()` of a FIFO blocks until a writer comes — five such captures held all
 * of libuv's four fs threads and every later file read of the app hung — and `/dev/zero` never
 * ends. So: stat first (symlinks followed), refuse what is not a regular file or is over the cap,
 * then open non-blocking and check the opened file is the one stat saw, and read at most the cap.
 *
 * Not `import "server-only"`: the launcher's `--open` reads captures through it too.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";

/** Not a regular file (a FIFO, a device, a folder, a socket), after following symlinks. */
export class NotRegularFileError extends Error {
  constructor(readonly file: string) {
    super(`${file}: not a regular file`);
  }
}

/** Larger than its reader takes; nothing past the cap was read. */
export class FileTooLargeError extends Error {
  constructor(
    readonly file: string,
    readonly maxBytes: number,
  ) {
    super(`${file}: larger than ${maxBytes} bytes`);
  }
}

// Windows has no O_NONBLOCK (and no FIFOs to open): 0 there.
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

function checked(file: string, info: Stats, maxBytes: number, seen?: Stats): void {
  if (!info.isFile() || (seen && (seen.ino !== info.ino || seen.dev !== info.dev)))
    throw new NotRegularFileError(file);
  if (info.size > maxBytes) throw new FileTooLargeError(file, maxBytes);
}

/**
 * The read loop of both readers, written once: it yields a buffer to fill and is given the bytes
 * read into it, until the end; past the cap (the file grew since stat) it stops with
 * FileTooLargeError, having read at most one chunk more.
 */
function* chunked(file: string, maxBytes: number): Generator<Buffer, Buffer, number> {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const buffer = Buffer.alloc(CHUNK);
    const bytesRead = yield buffer;
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    size += bytesRead;
    if (size > maxBytes) throw new FileTooLargeError(file, maxBytes);
  }
  return Buffer.concat(chunks, size);
}

/** The file's bytes, or NotRegularFileError / FileTooLargeError / the errno error (ENOENT …). */
export async function readRegularFile(file: string, maxBytes: number): Promise<Buffer> {
  const seen = await stat(file);
  checked(file, seen, maxBytes);
  const handle = await open(file, FLAGS);
  try {
    checked(file, await handle.stat(), maxBytes, seen);
    const loop = chunked(file, maxBytes);
    let step = loop.next();
    while (!step.done) step = loop.next((await handle.read(step.value, 0, CHUNK, null)).bytesRead);
    return step.value;
  } finally {
    await handle.close();
  }
}

/** The same, synchronously (small files read on a synchronous path: the config folder's stores). */
export function readRegularFileSync(file: string, maxBytes: number): Buffer {
  const seen = statSync(file);
  checked(file, seen, maxBytes);
  const fd = openSync(file, FLAGS);
  try {
    checked(file, fstatSync(fd), maxBytes, seen);
    const loop = chunked(file, maxBytes);
    let step = loop.next();
    while (!step.done) step = loop.next(readSync(fd, step.value, 0, CHUNK, null));
    return step.value;
  } finally {
    closeSync(fd);
  }
}

/** One sentence for a file `readRegularFile` would not give: `what` names it ("capture file"). */
export function readProblem(file: string, err: unknown, what: string): string {
  if (err instanceof NotRegularFileError) return `${file}: not a regular file (a ${what} must be one)`;
  if (err instanceof FileTooLargeError) return `${file}: a ${what} is at most ${err.maxBytes} bytes`;
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ENOENT" ? `${file}: no such ${what}` : `${file}: cannot read it (${code ?? String(err)})`;
}
