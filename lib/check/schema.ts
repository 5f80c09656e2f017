/**
 * The recorded check file: one JSON file per check, human-readable and diff-friendly. Version 2
 * adds servers behind a URL (`url`); version 3 (issue 13) list changes by shape (`addedShape`,
 * `removedShape`) and counted updates (`count`). Version 1 and 2 files still run, and `--update`
 * rewrites them as version 3. `expectNoProblems` (issue 15, the Problems panel) is additive to
 * version 3: no bump, but it needs a version 3 file; so is `expectHostCompatible` (issue 23, the host
 * lens), with the server's optional `name` (its key in the host's config, which host rules judge),
 * and `expectSameAs` (issue 25: the server as a capture file recorded it).
 * It says how to launch the server, the steps to take, and what each step must observe, with
 * per-path matchers. `npm run build` publishes its JSON Schema as docs/check.schema.json.
 */
import { z } from "zod";
import { httpTransportChoices } from "../launch/http-input";
import { PROBLEM_CODES, type ProblemCode } from "../lint/rules";
import { HOST_RULE_CODES, type HostRuleCode } from "../hosts/host-rules";
import { HOST_IDS } from "../hosts/types";

/** `${VAR}` references are resolved from the environment (or --env-file) at run time. */
const envValue = z.string().max(10_000);

/** The server's name in a host's config (`mcpServers` key): hosts put it before URIs, host rules judge it. */
const nameField = {
  name: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "The server's name in the host's config (its mcpServers key), which hosts put before URIs; host rules judge it. Absent: not judged.",
    ),
};

/** The protocol era the check was recorded in (issue 15); a run speaks it. Absent: auto. */
const eraField = {
  era: z
    .enum(["legacy", "modern"])
    .optional()
    .describe(
      "legacy: initialize (2024-11-05 … 2025-11-25); modern: 2026-07-28. Absent: probe, then fall back.",
    ),
};

export const serverLaunchSchema = z.union([
  z
    .object({
      command: z.string().min(1).describe("Program to run (no shell)."),
      args: z.array(z.string()).default([]),
      env: z
        .record(z.string(), envValue)
        .default({})
        .describe("Values may be ${VAR} references; secrets always are."),
      cwd: z.string().optional().describe("Relative to the check file's folder."),
      ...nameField,
      ...eraField,
    })
    .strict(),
  z
    .object({
      preset: z.literal("demo"),
      env: z.record(z.string(), envValue).default({}),
      ...nameField,
      ...eraField,
    })
    .strict(),
  z
    .object({
      url: z
        .string()
        .min(1)
        .describe("The server's URL (http, https, ws or wss); may hold ${VAR} references."),
      transport: z
        .enum(httpTransportChoices)
        .default("auto")
        .describe(
          "auto: Streamable HTTP, else the legacy HTTP+SSE transport; WebSocket for a ws:// or wss:// URL.",
        ),
      headers: z
        .record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/), envValue)
        .default({})
        .describe("Sent with every request; values that look secret are ${VAR} references."),
      ...nameField,
      ...eraField,
    })
    .strict(),
]);
export type ServerLaunch = z.infer<typeof serverLaunchSchema>;

/**
 * How one JSON Pointer path (RFC 6901, "" = the whole value) of an observation is compared.
 * Paths inside lists use the list's key, e.g. `/items/demo:~1~1a/name` for the item with uri
 * demo://a (a pointer token with `~1` for `/`).
 */
export const matcherSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("exact") }).strict(),
  z.object({ type: z.literal("ignore"), reason: z.string().optional() }).strict(),
  z.object({ type: z.literal("regex"), pattern: z.string(), reason: z.string().optional() }).strict(),
  z.object({ type: z.literal("type"), reason: z.string().optional() }).strict(),
  /** A string holding JSON: parse both sides and compare structurally (key order ignored). */
  z.object({ type: z.literal("json") }).strict(),
]);
export type Matcher = z.infer<typeof matcherSchema>;

const matchersSchema = z.record(z.string(), matcherSchema).default({});

/** How a listing is compared: as a set keyed by uri unless ordered, with optional bounds. */
export const listCompareSchema = z
  .object({
    ordered: z.boolean().default(false),
    /** Only the expected items must be present; extra items are fine. */
    containsAtLeast: z.boolean().default(false),
    count: z
      .object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() })
      .strict()
      .optional(),
  })
  .strict();

/** A blob is compared by digest, size and mime; its bytes are stored only when small. */
export const blobExpectSchema = z
  .object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().min(0),
    base64: z.string().optional(),
  })
  .strict();

/** A text too long to keep in a check file (or a recording) whole is compared by digest and length. */
export const textDigestSchema = z
  .object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    length: z.number().int().min(0).describe("UTF-16 code units, as JavaScript counts them."),
  })
  .strict();

const contentExpectSchema = z
  .object({
    uri: z.string(),
    mimeType: z.string().optional(),
    text: z.string().optional(),
    textDigest: textDigestSchema.optional(),
    blob: blobExpectSchema.optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/**
 * A list change by its shape rather than its exact URIs: how many URIs (matching the pattern)
 * the list gained or lost, and the pattern — an RFC 6570 template the server lists, else an
 * anchored regex — with the URIs it was inferred from (`examples`, shown in the review; "pin exact
 * URIs" turns them into `added`/`removed`).
 */
export const listShapeSchema = z
  .object({
    count: z
      .object({ min: z.number().int().min(0), max: z.number().int().min(0).optional() })
      .strict()
      .describe("How many URIs matching the pattern; no max = at least min."),
    uriTemplate: z.string().optional().describe("RFC 6570; takes precedence over pattern."),
    pattern: z.string().optional().describe("A regex the whole URI must match."),
    examples: z.array(z.string()).max(50).default([]),
  })
  .strict();
export type ListShape = z.infer<typeof listShapeSchema>;

/** How many notifications a wait must see; no max = at least min. */
const countSchema = z
  .object({ min: z.number().int().min(1), max: z.number().int().min(1).optional() })
  .strict();

const readExpectSchema = z.object({ contents: z.array(contentExpectSchema) }).strict();

const stepBase = {
  id: z.string().min(1).max(64),
  title: z.string().optional(),
  matchers: matchersSchema,
};

export const stepSchema = z.discriminatedUnion("action", [
  z
    .object({
      ...stepBase,
      action: z.literal("connect"),
      expect: z
        .object({
          serverInfo: z.record(z.string(), z.unknown()).optional(),
          capabilities: z.record(z.string(), z.unknown()).optional(),
          protocolVersion: z.string().optional(),
        })
        .strict(),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("listResources"),
      compare: listCompareSchema.default({ ordered: false, containsAtLeast: false }),
      expect: z.object({ items: z.array(z.record(z.string(), z.unknown())) }).strict(),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("listTemplates"),
      compare: listCompareSchema.default({ ordered: false, containsAtLeast: false }),
      expect: z.object({ items: z.array(z.record(z.string(), z.unknown())) }).strict(),
    })
    .strict(),
  z.object({ ...stepBase, action: z.literal("read"), uri: z.string(), expect: readExpectSchema }).strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("readTemplate"),
      uriTemplate: z.string(),
      arguments: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      expect: readExpectSchema.extend({ uri: z.string() }),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("callTool"),
      name: z.string(),
      arguments: z.record(z.string(), z.unknown()).default({}),
    })
    .strict(),
  z.object({ ...stepBase, action: z.literal("watch"), uri: z.string() }).strict(),
  z.object({ ...stepBase, action: z.literal("unwatch"), uri: z.string() }).strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("expectUpdated"),
      uri: z.string(),
      /** Counted from the end of step `after` (default: the previous step). */
      after: z.string().optional(),
      withinMs: z.number().int().positive().max(600_000),
      /** Version 3: this many updates within the window (default: one). */
      count: countSchema.optional(),
      /** Optionally, what a read right after the update must show. */
      expect: readExpectSchema.optional(),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("expectListChanged"),
      after: z.string().optional(),
      withinMs: z.number().int().positive().max(600_000),
      /**
       * Eventually, within the window (or already when the step starts), a full listing must hold
       * these uris (added) and lack these (removed): exact, "pinned" URIs.
       */
      added: z.array(z.string()).default([]),
      removed: z.array(z.string()).default([]),
      /** Version 3: the change by shape, counted against the listing when step `after` ended. */
      addedShape: listShapeSchema.optional(),
      removedShape: listShapeSchema.optional(),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("expectNoProblems"),
      /**
       * Only these problem codes fail the step (default: every protocol rule of lib/lint/rules.ts;
       * a host rule counts only when named here — host problems are expectHostCompatible's).
       */
      codes: z.array(z.enum(PROBLEM_CODES as [ProblemCode, ...ProblemCode[]])).optional(),
      /** Which severities fail it (default: errors and warnings; info never fails unless named). */
      severities: z.array(z.enum(["error", "warning", "info"])).default(["error", "warning"]),
      /** Run "Check this server" (every list page, every resource read once) before judging. */
      scan: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("expectHostCompatible"),
      /** The hosts the server ships to: a host problem affecting any of them fails (default: all). */
      hosts: z.array(z.enum(HOST_IDS)).min(1).optional(),
      /** Only these host codes fail the step (default: every host rule of lib/hosts/host-rules.ts). */
      codes: z.array(z.enum(HOST_RULE_CODES as [HostRuleCode, ...HostRuleCode[]])).optional(),
      /** Run "Check this server" (every list page, every resource read once) before judging. */
      scan: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      action: z.literal("expectSameAs"),
      /**
       * A capture file (lib/capture/format.ts), relative to the check file: the server must be the
       * same — card, listings, and the contents of every URI the capture read (every listed one
       * too, if it was a "capture all").
       */
      capture: z.string().min(1).max(4096),
      /** JSON Pointers (`*` for any one token) not to compare, e.g. `/server/version`; `matchers` also apply. */
      ignore: z.array(z.string().max(4096).regex(/^\//, "a JSON Pointer starts with /")).max(1000).optional(),
    })
    .strict(),
]);
export type Step = z.infer<typeof stepSchema>;
export type StepAction = Step["action"];

export const checkFileSchema = z
  .object({
    $schema: z.string().optional(),
    version: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    name: z.string().min(1).max(200),
    description: z.string().optional(),
    server: serverLaunchSchema,
    /** Per-step timeout unless the runner is given --timeout. */
    timeoutMs: z.number().int().positive().max(600_000).default(30_000),
    steps: z.array(stepSchema).min(1),
  })
  .strict()
  .superRefine((check, ctx) => {
    if (check.version === 1 && "url" in check.server)
      ctx.addIssue({ code: "custom", path: ["server"], message: "a server with a url needs version 2" });
    const ids = new Set<string>();
    check.steps.forEach((s, i) => {
      const v3 =
        (s.action === "expectUpdated" && s.count !== undefined) ||
        (s.action === "expectListChanged" && (s.addedShape !== undefined || s.removedShape !== undefined)) ||
        s.action === "expectNoProblems" ||
        s.action === "expectHostCompatible" ||
        s.action === "expectSameAs";
      if (v3 && check.version < 3)
        ctx.addIssue({
          code: "custom",
          path: ["steps", i],
          message:
            s.action === "expectNoProblems" ||
            s.action === "expectHostCompatible" ||
            s.action === "expectSameAs"
              ? `${s.action} needs version 3`
              : "a counted or shaped wait needs version 3",
        });
      if (ids.has(s.id))
        ctx.addIssue({ code: "custom", path: ["steps", i, "id"], message: `duplicate step id "${s.id}"` });
      if ("after" in s && s.after !== undefined && !ids.has(s.after))
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, "after"],
          message: `"after" must name an earlier step`,
        });
      ids.add(s.id);
    });
  });
export type CheckFile = z.infer<typeof checkFileSchema>;
/** The version this build writes. */
export const CHECK_FILE_VERSION = 3;
export type CheckFileInput = z.input<typeof checkFileSchema>;

export function checkJsonSchema(): unknown {
  return z.toJSONSchema(checkFileSchema, { io: "input", unrepresentable: "any" });
}
