import { describe, expect, it } from "vitest";
import { fileNameFromUri } from "./file-name";

describe("fileNameFromUri", () => {
  it("uses the last path segment, decoded", () => {
    expect(fileNameFromUri("demo://data/archive.gz")).toBe("archive.gz");
    expect(fileNameFromUri("demo://docs/release%20notes.txt")).toBe("release notes.txt");
    expect(fileNameFromUri("file:///srv/app/logs/server.log?x=1#y")).toBe("server.log");
  });

  it("never yields a path separator or an empty name", () => {
    expect(fileNameFromUri("demo://docs/a%2Fb.txt")).toBe("a_b.txt");
    expect(fileNameFromUri("demo:")).toBe("resource");
    expect(fileNameFromUri("demo://host/dir/")).toBe("dir");
    expect(fileNameFromUri("demo://docs/..%5C..%5Cevil")).toBe(".._.._evil");
  });
});
