import type { Capture } from "@/lib/capture/format";

/** A capture opened offline as a session: the file's contents, and its name when known. */
export interface OpenedCapture {
  capture: Capture;
  /** The file's name (`--open`'s path, a dropped file's name), when known. */
  file?: string;
}
