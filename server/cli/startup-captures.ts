/**
 * `--open FILE` (issue 25): capture files read and checked before the app starts — a file that is
 * missing or not a capture stops the command with one line and exit code 2, as a bad `--config`
 * does — and opened through the app's own API once it listens (POST /api/captures), so they take
 * exactly the path of a file dropped on the page. Not `server-only` (the launcher).
 */
import path from "node:path";
import { CaptureFormatError, decodeCapture } from "../../lib/capture/format";
import { MAX_CAPTURE_BODY_BYTES, MAX_CAPTURE_JSON_BYTES } from "../http/limits";
import { readProblem, readRegularFile } from "../regular-file";
import { UsageError } from "./args";

export interface StartupCapture {
  /** The path as given, for the launcher's lines. */
  label: string;
  bytes: Uint8Array;
}

export async function readStartupCaptures(files: readonly string[], from: string): Promise<StartupCapture[]> {
  const out: StartupCapture[] = [];
  for (const given of files) {
    const file = path.resolve(from, given);
    let bytes: Uint8Array;
    try {
      // Not readFileSync: a FIFO or /dev/zero given here hung the launcher (server/regular-file.ts).
      bytes = await readRegularFile(file, MAX_CAPTURE_BODY_BYTES);
    } catch (err) {
      throw new UsageError(readProblem(file, err, "capture file"));
    }
    try {
      await decodeCapture(bytes, { maxBytes: MAX_CAPTURE_JSON_BYTES });
    } catch (err) {
      if (err instanceof CaptureFormatError) throw new UsageError(`${file}: ${err.message}`);
      throw err;
    }
    out.push({ label: given, bytes });
  }
  return out;
}

export async function openStartupCaptures(
  captures: readonly StartupCapture[],
  origin: string,
  token: string,
  log: (line: string) => void,
): Promise<void> {
  for (const c of captures) {
    try {
      const res = await fetch(`${origin}/api/captures?file=${encodeURIComponent(path.basename(c.label))}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
        body: c.bytes as Uint8Array<ArrayBuffer>,
      });
      const answer = (await res.json()) as { id?: string; name?: string; error?: { message: string } };
      log(
        res.ok && answer.id
          ? `opened the capture of ${answer.name ?? "a server"} (${c.label}), read-only`
          : `could not open ${c.label}: ${answer.error?.message ?? res.status}`,
      );
    } catch (err) {
      log(`could not open ${c.label}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
