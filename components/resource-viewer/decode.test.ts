import { describe, expect, it } from "vitest";
import { decodeBase64Text, fileNameFromUri, prettyJson } from "./decode";

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

describe("decodeBase64Text", () => {
  it("decodes UTF-8", () => {
    expect(decodeBase64Text(Buffer.from("héllo 日本", "utf8").toString("base64"))).toBe("héllo 日本");
  });
  it("returns null for text that is not base64", () => {
    expect(decodeBase64Text("not base64!")).toBeNull();
  });
});

describe("prettyJson", () => {
  it("indents JSON and refuses non-JSON", () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson("{oops")).toBeNull();
  });
});
