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
