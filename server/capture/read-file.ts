import "server-only";
import { open } from "node:fs/promises";
import { CaptureFormatError, decodeCapture, type Capture } from "@/lib/capture/format";
import { MAX_CAPTURE_BODY_BYTES, MAX_CAPTURE_JSON_BYTES } from "@/server/http/limits";

/** A capture file that cannot be used, in one sentence naming it (bad input: `diff` exits 2). */
export class CaptureFileError extends Error {}

/**
 * A capture file from disk, decoded and validated: a regular file (not a FIFO or a device that
 * never ends), as large as the app takes one (the upload's and `--open`'s bounds, before and after
 * decompression), in the format of this version or an older one.
 */
export async function readCaptureFile(file: string): Promise<Capture> {
  let bytes: Uint8Array;
  try {
    const handle = await open(file, "r");
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new CaptureFileError(`${file}: not a regular file`);
      if (info.size > MAX_CAPTURE_BODY_BYTES)
        throw new CaptureFileError(`${file}: a capture file is at most ${MAX_CAPTURE_BODY_BYTES} bytes`);
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof CaptureFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new CaptureFileError(
      code === "ENOENT"
        ? `${file}: no such capture file`
        : `${file}: cannot read it (${code ?? String(err)})`,
    );
  }
  try {
    return await decodeCapture(bytes, { maxBytes: MAX_CAPTURE_JSON_BYTES });
  } catch (err) {
    if (err instanceof CaptureFormatError) throw new CaptureFileError(`${file}: ${err.message}`);
    throw err;
  }
}
