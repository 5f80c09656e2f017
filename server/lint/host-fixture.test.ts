/**
 * The host rules against real servers over real stdio: the host fixture
 * (e2e/fixtures/servers/host-fixture.mjs) trips every rule of lib/hosts/host-rules.ts on purpose,
 * one flag each, and is clean without flags; server-everything and the demo server get exactly
 * the host findings README's Hosts section explains.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { StdioLaunch } from "@/lib/api/contract";
import { HOST_RULE_CODES, HOST_RULES, type HostRuleCode } from "@/lib/hosts/host-rules";
import type { Problem } from "@/lib/lint/problem";
import { closedAfterEachTest, openSession } from "@/server/testing/open-session";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { demoLaunch } from "../mcp/launch";
import type { McpSession } from "../mcp/session";
import { ProblemScan } from "./scan";

const root = process.cwd();
const sessions = closedAfterEachTest();
const mark = () => ({ [TEST_MARK_VAR]: testMark() });

function hostFixture(flags: string[]): StdioLaunch {
  return {
    kind: "stdio",
    program: process.execPath,
    args: [path.join(root, "e2e/fixtures/servers/host-fixture.mjs"), ...flags],
    env: mark(),
    cwd: root,
  };
}

async function scanned(launch: StdioLaunch, then?: (s: McpSession) => Promise<void> | void, name?: string) {
  const { session } = openSession(sessions, launch, { requestTimeoutMs: 10_000, maxPages: 20 }, name);
  await session.connect();
  const state = await new ProblemScan(session).run();
  await then?.(session);
  await session.lint.idle();
  return { session, state, problems: session.lint.list() };
}

const hostProblems = (problems: Problem[]) => problems.filter((p) => p.code.startsWith("host-"));
const hostCodes = (problems: Problem[]) => [...new Set(hostProblems(problems).map((p) => p.code))].sort();

describe("host fixture: each host rule fires on the flag that trips it", () => {
  type Then = (s: McpSession) => Promise<void> | void;
  const cases: [string, string[], HostRuleCode[], Then?, string?][] = [
    ["resources never asked for", ["no-capability"], ["host-no-resources-capability"]],
    ["a failing list", ["list-fails"], ["host-list-fails"]],
    ["a nameless resource", ["schema-invalid"], ["host-list-schema-invalid"]],
    ["two pages", ["paged"], ["host-codex-paging", "host-past-first-page"]],
    ["null cursor", ["null-cursor"], ["host-codex-paging", "host-null-cursor", "host-past-first-page"]],
    ["empty cursor", ["empty-cursor"], ["host-codex-paging", "host-empty-cursor", "host-past-first-page"]],
    [
      "repeating cursor",
      ["repeat-cursor"],
      ["host-codex-paging", "host-past-first-page", "host-repeating-cursor"],
    ],
    ["a ? in a URI", ["mention-uri"], ["host-uri-breaks-mention"]],
    ["a template nothing listed matches", ["templates-only"], ["host-templates-only"]],
    ["templates without completion", ["no-completion"], ["host-templates-without-completion"]],
    ["an empty read", ["empty-read"], ["host-empty-read"]],
    ["a PDF", ["pdf"], ["host-blob-invisible", "host-blob-saved-to-disk"]],
    ["a PNG", ["png"], ["host-blob-invisible"]],
    ["an untyped blob", ["untyped-blob"], ["host-blob-saved-to-disk", "host-blob-without-mime"]],
    ["an SVG", ["svg"], ["host-image-not-attachable"]],
    ["a read answering another path", ["uri-mismatch"], ["host-content-uri-mismatch"]],
    ["two items", ["multiple"], ["host-multiple-contents"]],
    ["a urn:", ["opaque-uri"], ["host-opaque-uri"]],
    ["paths differing in case", ["case-only"], ["host-case-only-uris"]],
    ["≈ 12,500 tokens", ["long-text"], ["host-text-over-warning"]],
    ["≈ 30,000 tokens", ["huge-text"], ["host-text-over-limit"]],
    ["600 resources", ["many"], ["host-large-list"]],
    ["a | in a description", ["pipe-description"], ["host-description-breaks-list"]],
    ["a title", ["title"], ["host-title-only"]],
    ["a failing read", ["read-error"], ["host-read-error"]],
    ["nothing but an empty resource list", ["resources-only-empty"], ["host-empty-server"]],
    [
      "a template-expanded read",
      [],
      ["host-unlisted-read"],
      async (s) => {
        await s.read("host://items/2", true);
      },
    ],
    [
      "a config name with “:”",
      [],
      ["host-server-name-chars", "host-server-name-colon"],
      undefined,
      "plugin:p:s",
    ],
    ["a config name with a space", [], ["host-server-name-chars"], undefined, "my docs"],
  ];

  it("the cases cover every host rule", () => {
    const covered = new Set(cases.flatMap(([, , codes]) => codes));
    expect(HOST_RULE_CODES.filter((c) => !covered.has(c))).toEqual([]);
  });

  for (const [what, flags, expected, then, name] of cases)
    it(`${what} (${flags.join(", ") || "no flag"}) → exactly ${expected.join(", ")}`, async () => {
      const { problems } = await scanned(hostFixture(flags), then, name);
      expect(hostCodes(problems), JSON.stringify(hostProblems(problems), null, 1)).toEqual(expected);
      for (const p of hostProblems(problems)) {
        const rule = HOST_RULES[p.code as HostRuleCode];
        expect(p.hosts).toEqual(rule.hosts);
        expect(p.specUrl).toMatch(/^https:\/\/github\.com\//);
        expect(p.message.length).toBeGreaterThan(20);
      }
    });

  it("the inspector's own label is not the host's name: a rename (or “demo (2)”) is not judged", async () => {
    const { session } = await scanned(hostFixture([]), (s) => s.rename("host-fixture (2)"));
    expect(hostCodes(session.lint.list())).toEqual([]);
    expect(session.summary().hostName).toBeUndefined();
    const named = await scanned(hostFixture([]), undefined, "docs");
    expect(named.session.summary()).toMatchObject({ name: "docs", hostName: "docs" });
  });
});

describe("host findings on real servers", () => {
  it("the fixture without flags: none, after a scan that read every resource", async () => {
    const { problems, state } = await scanned(hostFixture([]));
    expect(state.reads).toBe(2);
    expect(problems).toEqual([]);
  });

  it("server-everything 2026.8.31: only what README's Hosts section explains", async () => {
    const { problems } = await scanned({
      kind: "stdio",
      program: process.execPath,
      args: [path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
      env: mark(),
      cwd: root,
    });
    expect(
      hostProblems(problems)
        .map((p) => `${p.code} ${p.evidence.uri ?? ""}`.trim())
        .sort(),
    ).toEqual(EVERYTHING);
  });

  it("the demo server: only what README's Hosts section explains", async () => {
    const { problems } = await scanned(demoLaunch(mark()));
    expect(
      hostProblems(problems)
        .map((p) => `${p.code} ${p.evidence.uri ?? ""}`.trim())
        .sort(),
    ).toEqual(DEMO);
  });
});

/** Its dynamic resources exist only behind templates: Gemini CLI and Claude Code's model never see them. */
const EVERYTHING = [
  "host-templates-only demo://resource/dynamic/blob/{resourceId}",
  "host-templates-only demo://resource/dynamic/text/{resourceId}",
];

/**
 * The demo serves odd content on purpose (README's Hosts section says what each finding means):
 * every blob is a placeholder to Gemini CLI and a file on disk to Claude Code, the templates list
 * nothing they match, resources have titles the models never see, one search URI has a `?`, the
 * list is paged, the 10 MB text is over every token limit, the SVGs attach as text in VS Code, the
 * bundle has several items and the contradiction sample answers for another path.
 */
const DEMO = [
  "host-blob-invisible demo://data/archive.gz",
  "host-blob-invisible demo://data/blob.bin",
  "host-blob-invisible demo://images/logo.png",
  "host-blob-invisible demo://multi/bundle",
  "host-blob-invisible demo://samples/blobs/notes.md",
  "host-blob-invisible demo://samples/media/beep.wav",
  "host-blob-invisible demo://samples/media/sample.pdf",
  "host-blob-invisible demo://samples/odd/invalid-base64.bin",
  "host-blob-saved-to-disk demo://data/archive.gz",
  "host-blob-saved-to-disk demo://data/blob.bin",
  "host-blob-saved-to-disk demo://samples/blobs/notes.md",
  "host-blob-saved-to-disk demo://samples/blobs/unlabelled",
  "host-blob-saved-to-disk demo://samples/media/beep.wav",
  "host-blob-saved-to-disk demo://samples/media/sample.pdf",
  "host-blob-saved-to-disk demo://samples/odd/invalid-base64.bin",
  "host-blob-without-mime demo://samples/blobs/unlabelled",
  "host-codex-paging",
  "host-content-uri-mismatch demo://samples/odd/contradiction.txt",
  "host-image-not-attachable demo://images/badge.svg",
  "host-image-not-attachable demo://samples/images/hostile.svg",
  "host-multiple-contents demo://multi/bundle",
  "host-past-first-page",
  "host-templates-only demo://echo{;x}/{var:3}{/list*}",
  "host-templates-only demo://repos/{owner}/{repo}/readme",
  "host-templates-only demo://users/{userId}/profile",
  "host-text-over-limit demo://large/10mb.txt",
  "host-title-only demo://data/archive.gz",
  "host-title-only demo://docs/guides/",
  "host-title-only demo://docs/guides/advanced/config.json",
  "host-title-only demo://docs/guides/getting-started.md",
  "host-title-only demo://docs/i18n/日本語/挨拶.txt",
  "host-title-only demo://docs/reference/api.txt",
  "host-title-only demo://images/logo.png",
  "host-title-only demo://large/10mb.txt",
  "host-title-only demo://live/clock",
  "host-title-only demo://multi/bundle",
  "host-title-only demo://samples/html/hostile.html",
  "host-title-only demo://samples/images/hostile.svg",
  "host-title-only demo://samples/markdown/hostile.md",
  "host-title-only demo://samples/media/beep.wav",
  "host-title-only demo://samples/media/sample.pdf",
  "host-title-only demo://samples/odd/contradiction.txt",
  "host-title-only ui://demo/widget.html",
  "host-uri-breaks-mention demo://search/results?q=mcp&page=2",
];
