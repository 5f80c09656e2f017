/**
 * The demo server's public surface: URIs, templates and tools that the UI, unit tests and e2e
 * specs refer to. Import from here instead of retyping strings, so a rename breaks loudly.
 */
export const DEMO_URIS = {
  // demo:// scheme: docs, images, data, multi-content, live.
  gettingStarted: "demo://docs/guides/getting-started.md",
  /** Trailing slash: a leaf that is also the folder of other resources. */
  guidesIndex: "demo://docs/guides/",
  advancedConfig: "demo://docs/guides/advanced/config.json",
  /** Percent-encoded segment (decodes to "release notes.txt"). */
  releaseNotes: "demo://docs/guides/release%20notes.txt",
  /** Encoded slash inside one segment: a tree must not split it. */
  encodedSlash: "demo://docs/guides/a%2Fb.txt",
  /** Raw (not percent-encoded) unicode segments; also reads under their percent-encoded form. */
  unicode: "demo://docs/i18n/日本語/挨拶.txt",
  apiReference: "demo://docs/reference/api.txt",
  /** Query string. */
  searchResults: "demo://search/results?q=mcp&page=2",
  logo: "demo://images/logo.png",
  badge: "demo://images/badge.svg",
  archive: "demo://data/archive.gz",
  blob: "demo://data/blob.bin",
  /** One read returns several contents, each with its own uri. */
  bundle: "demo://multi/bundle",
  /** Text changes every second; `notifications/resources/updated` while subscribed. */
  clock: "demo://live/clock",
  // file:// scheme: a small project tree.
  appReadme: "file:///srv/app/README.md",
  appPackageJson: "file:///srv/app/package.json",
  appIndex: "file:///srv/app/src/index.ts",
  appUtil: "file:///srv/app/src/lib/util.ts",
  appDeepModule: "file:///srv/app/src/lib/deep/nested/module.ts",
  /** Listed without a mimeType. */
  appLog: "file:///srv/app/logs/server.log",
} as const;

/**
 * One resource per renderer of the inspector's viewer (samples.ts), and the hostile and
 * contradictory cases. Kept apart from DEMO_URIS: these deliberately break rules (a listed size
 * that is wrong, invalid base64) that tests of the well-known URIs check.
 */
export const DEMO_SAMPLE_URIS = {
  /** GFM with a javascript: link, a raw <script> and an <img onerror> (all must stay inert). */
  markdown: "demo://samples/markdown/hostile.md",
  json: "demo://samples/data/catalog.json",
  csv: "demo://samples/data/people.csv",
  tsv: "demo://samples/data/people.tsv",
  codeTs: "demo://samples/code/load.ts",
  codePython: "demo://samples/code/load.py",
  codeYaml: "demo://samples/code/config.yaml",
  codeToml: "demo://samples/code/pyproject.toml",
  codeSql: "demo://samples/code/report.sql",
  codeShell: "demo://samples/code/start.sh",
  codeCss: "demo://samples/code/styles.css",
  codeXml: "demo://samples/code/feed.xml",
  /** text/html whose script sets the canary `__pwned` on window, parent and top. */
  html: "demo://samples/html/hostile.html",
  /** An MCP App page: text/html;profile=mcp-app on a ui:// uri, rendered by its own script. */
  mcpApp: "ui://demo/widget.html",
  /** image/svg+xml (text) with a <script> and an onload handler. */
  svg: "demo://samples/images/hostile.svg",
  /** A 0.25 s 440 Hz WAV beep (audio/wav blob). */
  wav: "demo://samples/media/beep.wav",
  /** A one-page PDF (application/pdf blob). */
  pdf: "demo://samples/media/sample.pdf",
  /** A PNG blob without any mimeType: only its bytes say what it is. */
  unlabelledPng: "demo://samples/blobs/unlabelled",
  /** text/markdown sent as a base64 blob. */
  markdownBlob: "demo://samples/blobs/notes.md",
  /** Listed text/plain, 12 bytes; the read returns JSON of another size under another uri. */
  contradiction: "demo://samples/odd/contradiction.txt",
  contradictionContentUri: "demo://samples/odd/somewhere-else.json",
  /** A blob that is not valid base64. */
  invalidBase64: "demo://samples/odd/invalid-base64.bin",
  /** Exactly 10,000,000 bytes of text (125,000 lines), made on first read. */
  largeText: "demo://large/10mb.txt",
} as const;

export const DEMO_TEMPLATES = {
  /** Completes `userId` from a fixed list. */
  userProfile: "demo://users/{userId}/profile",
  /** Completes `owner`; completes `repo` from `context.arguments.owner`. */
  repoReadme: "demo://repos/{owner}/{repo}/readme",
} as const;

export const DEMO_TOOLS = {
  addResource: "add_resource",
  removeResource: "remove_resource",
} as const;

/** Items per folder in the generated part of the catalog. */
export const ITEMS_PER_GROUP = 10;

/** URI of generated item `i` (1-based): `demo://items/group-{g}/item-{i}`. */
export function itemUri(i: number): string {
  return `demo://items/group-${Math.ceil(i / ITEMS_PER_GROUP)}/item-${i}`;
}

/** Prefix of resources that `add_resource` creates when no uri is given. */
export const DYNAMIC_URI_PREFIX = "demo://dynamic/resource-";
/** Prefix of resources the `DEMO_LIST_CHURN_MS` timer adds and removes. */
export const CHURN_URI_PREFIX = "demo://churn/resource-";

/**
 * `_meta` key on every resource added at runtime (churn, add_resource, storm): its creation time
 * in ms since the epoch, so a client can measure list_changed → screen latency. The same number
 * ends the resource's name as " @<ms>" (add_resource: only when it made the name up).
 */
export const CREATED_AT_META_KEY = "demo/createdAtMs";

/**
 * Listed only when `DEMO_STORM` is set (so not in DEMO_URIS): subscribing to it starts a storm of
 * updated and list_changed notifications. Its text ends with `final: <count>` when a storm is over.
 */
export const STORM_URI = "demo://live/storm";
/** Prefix of the resources a storm adds and removes: `demo://storm/item-<n>`, n = 1, 2, … */
export const STORM_ITEM_URI_PREFIX = "demo://storm/item-";
/** A storm keeps the newest this many of its items listed, removing older ones as it adds. */
export const STORM_LIST_WINDOW = 5;

/**
 * Not listed (so the listing and its counts stay as they are) but readable: a read that takes
 * about 3 s in 5 steps, sending `notifications/progress` for each when asked for progress, and
 * stopping at once when cancelled (it logs `demo slow: … cancelled …` to stderr). With
 * `?steps=<n>&stepMs=<ms>` it goes at another pace.
 */
export const SLOW_REPORT_URI = "demo://slow/report";
/** The tool twin of SLOW_REPORT_URI: `{steps?, stepMs?}`, same progress and cancel behaviour. */
export const SLOW_TOOL = "slow_task";
