/** Test helper (the host models' golden tests): a listed read of demo://docs/readme.md on "docs". */
import type { ReadInput } from "./types";

export const readInput = (over: Partial<ReadInput>): ReadInput => ({
  serverName: "docs",
  uri: "demo://docs/readme.md",
  isListed: true,
  contents: [],
  ...over,
});
