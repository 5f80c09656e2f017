/**
 * The capture file's names, apart from its schema: the page's first screen ("Open capture…", its
 * file input's `accept`) needs the suffix, not zod and the whole format (lib/capture/format.ts).
 */
export const CAPTURE_FORMAT = "mcp-resource-inspector-capture";
export const CAPTURE_VERSION = 1;
/** The suggested file name's suffix. */
export const CAPTURE_SUFFIX = ".mcpcapture.json.gz";
