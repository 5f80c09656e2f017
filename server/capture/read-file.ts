import "server-only";
import { CaptureFormatError, decodeCapture, type Capture } from "@/lib/capture/format";
import { MAX_CAPTURE_BODY_BYTES, MAX_CAPTURE_JSON_BYTES } from "@/server/http/limits";
import { readProblem, readRegularFile } from "@/server/regular-file";

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
    bytes = await readRegularFile(file, MAX_CAPTURE_BODY_BYTES);
  } catch (err) {
    throw new CaptureFileError(readProblem(file, err, "capture file"));
  }
  try {
    return await decodeCapture(bytes, { maxBytes: MAX_CAPTURE_JSON_BYTES });
  } catch (err) {
    if (err instanceof CaptureFormatError) throw new CaptureFileError(`${file}: ${err.message}`);
    throw err;
  }
}
