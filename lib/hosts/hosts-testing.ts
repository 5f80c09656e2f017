/** Test helper (used by the host tests beside it): one read as a host gets it, `over` changed. */
import type { ReadInput } from "./types";

export const readInput = (over: Partial<ReadInput>): ReadInput => ({
  serverName: "docs",
  uri: "demo://docs/readme.md",
  isListed: true,
  contents: [],
  ...over,
});
