import type { ReadResponse } from "@/lib/api/contract";
import type { Capture } from "@/lib/capture/format";
import type { TrafficLinter } from "../../lint/traffic-linter";
import type { ReadLog } from "../read-log";
import type { SessionOutput } from "./output";

/** A capture opened offline as a session: the file's contents, and its name when known. */
export interface OpenedCapture {
  capture: Capture;
  /** The file's name (`--open`'s path, a dropped file's name), when known. */
  file?: string;
}

/** What the capture heard, as the session's own: traffic, stderr, problems and reads. */
export function restoreCapture(
  capture: Capture,
  output: SessionOutput,
  lint: TrafficLinter,
  readLog: ReadLog,
): void {
  output.traffic.restore(capture.traffic.entries, capture.traffic.dropped);
  if (capture.stderr.dropped > 0)
    output.note(`[inspector] ${capture.stderr.dropped} earlier lines were dropped\n`);
  for (const note of capture.readerNotes ?? []) output.note(`[inspector] ${note}\n`);
  for (const line of capture.stderr.lines) output.note(`${line}\n`);
  lint.restore(capture.problems);
  readLog.restore(
    capture.reads.map((r) => ({
      uri: r.uri,
      at: r.at,
      ...(r.error ? { error: r.error } : { result: r.result as unknown as ReadResponse }),
    })),
  );
}
