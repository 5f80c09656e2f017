import { describe, expect, it } from "vitest";
import { fileNameFromUri } from "./file-name";

/** Each uri → the file name a download of it gets. */
function expectNames(names: Record<string, string>) {
  for (const [uri, name] of Object.entries(names)) expect(fileNameFromUri(uri), uri).toBe(name);
}

describe("fileNameFromUri", () => {
  it("uses the last path segment, decoded", () => {
    expectNames({
      "demo://data/archive.gz": "archive.gz",
      "demo://docs/release%20notes.txt": "release notes.txt",
      "file:///srv/app/logs/server.log?x=1#y": "server.log",
    });
  });

  it("never yields a path separator or an empty name", () => {
    expectNames({
      "demo://docs/a%2Fb.txt": "a_b.txt",
      "demo:": "resource",
      "demo://host/dir/": "dir",
      "demo://docs/..%5C..%5Cevil": ".._.._evil",
    });
  });
});
