import { gzipSync } from "node:zlib";
import { checkerPng, logoPng } from "./png";
import { blobResource, jsonResource, textResource } from "./resource-store";
import type { DemoResource } from "./resource-store";
import { DEMO_TEMPLATES, DEMO_TOOLS, DEMO_URIS as U, itemUri } from "./uris";

/**
 * The fixed part of the demo catalog: one resource per case the inspector must handle (MIME
 * types, binary blobs, several contents in one read, rich metadata, URIs that are hard to put in a
 * tree). Dates are fixed so listings are stable across runs.
 */

const LAST_MODIFIED = "2025-06-18T09:30:00Z";

const GETTING_STARTED = `# Getting started with the demo server

This server exists so you can try **MCP Resource Inspector** without writing a server first.
Everything it lists is generated in memory; nothing touches your disk.

## Things to try

1. Browse the tree: two schemes (\`demo://\` and \`file://\`), folders three levels deep.
2. Open \`demo://images/logo.png\` (an image) and \`demo://data/archive.gz\` (a gzip blob).
3. Read \`demo://multi/bundle\`: one read, four contents.
4. Subscribe to \`demo://live/clock\`: it changes every second while you watch it.
5. Fill in the template \`${DEMO_TEMPLATES.userProfile}\`; \`userId\` offers completions.
6. Call the \`${DEMO_TOOLS.addResource}\` tool and watch the list refresh.

| Case | Where |
| --- | --- |
| Percent-encoded segment | \`demo://docs/guides/release%20notes.txt\` |
| Unicode segment | \`demo://docs/i18n/日本語/挨拶.txt\` |
| Query string | \`demo://search/results?q=mcp&page=2\` |
| Trailing slash | \`demo://docs/guides/\` |

\`\`\`sh
npx tsx server/demo/main.ts   # the same server, on stdio
\`\`\`
`;

const GUIDES_INDEX = `# Guides

- [Getting started](demo://docs/guides/getting-started.md)
- [Advanced configuration](demo://docs/guides/advanced/config.json)
- [Release notes](demo://docs/guides/release%20notes.txt)
`;

const ADVANCED_CONFIG = {
  server: { name: "demo", transport: "stdio" },
  pagination: { pageSize: 50, cursor: "opaque" },
  features: { subscribe: true, listChanged: true, completion: true },
  limits: { maxContents: 4, maxBlobBytes: 1024 },
};

function apiReference(variant: string | undefined): string {
  const lines = [
    "Demo server API reference",
    "=========================",
    "",
    "resources/list        pages of DEMO_PAGE_SIZE (default 50), opaque cursor",
    "resources/read        text and blob contents; demo://multi/bundle returns four",
    "resources/subscribe   demo://live/clock sends notifications/resources/updated every second",
    `resources/templates   ${DEMO_TEMPLATES.userProfile}, ${DEMO_TEMPLATES.repoReadme}`,
    `tools                 ${DEMO_TOOLS.addResource}, ${DEMO_TOOLS.removeResource}`,
  ];
  // Appended last so a test can change the content by restarting with another DEMO_VARIANT.
  if (variant !== undefined) lines.push("", `variant: ${variant}`);
  return `${lines.join("\n")}\n`;
}

const BADGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="20" role="img" aria-label="demo: ok">
  <rect width="60" height="20" fill="#555"/>
  <rect x="60" width="60" height="20" fill="#4c1"/>
  <text x="30" y="14" fill="#fff" font-family="sans-serif" font-size="11" text-anchor="middle">demo</text>
  <text x="90" y="14" fill="#fff" font-family="sans-serif" font-size="11" text-anchor="middle">ok</text>
</svg>
`;

const ARCHIVE_CSV = "id,name,resources\n1,alpha,12\n2,beta,7\n3,gamma,42\n";

function multiContentBundle(): DemoResource {
  const notes = "# Bundle notes\n\nThis read returned several contents; each has its own `uri`.\n";
  const data = JSON.stringify({ parts: 4, note: "each content may carry its own mimeType" }, null, 2);
  const pixel = checkerPng().toString("base64");
  return {
    resource: {
      uri: U.bundle,
      name: "bundle",
      title: "Multi-content bundle",
      description: "One read returns four contents (text, markdown, JSON, PNG), each with its own uri.",
      // No mimeType on purpose: the contents carry their own.
    },
    read: () => [
      { uri: U.bundle, mimeType: "text/plain", text: "A bundle of four contents.\n" },
      { uri: `${U.bundle}/notes.md`, mimeType: "text/markdown", text: notes },
      { uri: `${U.bundle}/data.json`, mimeType: "application/json", text: data },
      { uri: `${U.bundle}/pixel.png`, mimeType: "image/png", blob: pixel },
    ],
  };
}

function docs(variant: string | undefined): DemoResource[] {
  const icon = (theme: "light" | "dark") => ({
    src: `data:image/png;base64,${logoPng(theme).toString("base64")}`,
    mimeType: "image/png",
    sizes: ["32x32"],
    theme,
  });
  return [
    // The "everything filled in" resource: title differs from name, and every optional field is set.
    textResource(U.gettingStarted, "getting-started.md", GETTING_STARTED, {
      title: "Getting started with the demo server",
      description: "What this demo server offers and what to try first.",
      mimeType: "text/markdown",
      annotations: { audience: ["user", "assistant"], priority: 0.9, lastModified: LAST_MODIFIED },
      // A remote icon too: the viewer fetches it only when asked (offline here, so it fails visibly).
      icons: [
        icon("light"),
        icon("dark"),
        { src: "https://icons.example.com/demo/logo-64.png", sizes: ["64x64"] },
      ],
      _meta: { "example.com/demo": { section: "guides", reviewed: true, tags: ["intro", "tour"] } },
    }),
    textResource(U.guidesIndex, "guides", GUIDES_INDEX, {
      title: "Guides (index)",
      description: "A resource whose uri ends in a slash, and which is also the folder of other guides.",
      mimeType: "text/markdown",
    }),
    jsonResource(U.advancedConfig, "config.json", ADVANCED_CONFIG, {
      title: "Advanced configuration",
      annotations: { audience: ["assistant"], priority: 0.4 },
    }),
    textResource(U.releaseNotes, "release notes.txt", "0.1.0: first demo release.\n", {
      description: "Its uri has a percent-encoded space.",
      mimeType: "text/plain",
    }),
    textResource(U.encodedSlash, "a/b.txt", "The slash in this name is part of one path segment.\n", {
      description: "Its uri has an encoded slash (%2F) inside one segment.",
      mimeType: "text/plain",
    }),
    textResource(U.unicode, "挨拶.txt", "こんにちは、世界！\n", {
      title: "Greeting (Japanese)",
      description: "Unicode path segments; the size counts UTF-8 bytes, not characters.",
      mimeType: "text/plain",
    }),
    textResource(U.apiReference, "api.txt", apiReference(variant), {
      title: "API reference",
      mimeType: "text/plain",
      annotations: { audience: ["assistant"], priority: 0.2, lastModified: LAST_MODIFIED },
    }),
    jsonResource(
      U.searchResults,
      "results",
      { query: "mcp", page: 2, results: ["resources", "templates"] },
      { description: "Its uri has a query string." },
    ),
  ];
}

function media(): DemoResource[] {
  const blob = Buffer.alloc(256);
  for (let i = 0; i < blob.length; i++) blob[i] = i;
  return [
    blobResource(U.logo, "logo.png", logoPng(), {
      title: "Demo logo",
      description: "A 32x32 PNG generated in code.",
      mimeType: "image/png",
      icons: [{ src: `data:image/png;base64,${logoPng().toString("base64")}`, mimeType: "image/png" }],
    }),
    textResource(U.badge, "badge.svg", BADGE_SVG, {
      description: "SVG is text, but must be shown as an image and never inlined.",
      mimeType: "image/svg+xml",
    }),
    blobResource(U.archive, "archive.gz", gzipSync(Buffer.from(ARCHIVE_CSV, "utf8")), {
      title: "Compressed CSV export",
      description: "Real gzip bytes; gunzips to a small CSV.",
      mimeType: "application/gzip",
    }),
    blobResource(U.blob, "blob.bin", blob, {
      description: "Every byte value 0x00..0xff once.",
      mimeType: "application/octet-stream",
    }),
    multiContentBundle(),
  ];
}

function project(): DemoResource[] {
  const ts = "text/x-typescript";
  return [
    textResource(U.appReadme, "README.md", "# app\n\nA pretend project served under file:///srv/app.\n", {
      mimeType: "text/markdown",
    }),
    jsonResource(U.appPackageJson, "package.json", { name: "app", version: "1.0.0", type: "module" }),
    textResource(
      U.appIndex,
      "index.ts",
      'import { greet } from "./lib/util";\n\nconsole.log(greet("demo"));\n',
      {
        mimeType: ts,
      },
    ),
    textResource(
      U.appUtil,
      "util.ts",
      "export function greet(name: string): string {\n  return `hello, ${name}`;\n}\n",
      { mimeType: ts },
    ),
    textResource(U.appDeepModule, "module.ts", "export const depth = 5;\n", { mimeType: ts }),
    // No mimeType: the client has to guess from the name or the bytes.
    textResource(
      U.appLog,
      "server.log",
      "2025-06-18T09:30:00Z INFO started\n2025-06-18T09:30:01Z INFO ready\n",
    ),
  ];
}

/** Fixed resources, in listing order. */
export function staticResources(variant: string | undefined): DemoResource[] {
  return [...docs(variant), ...media(), ...project()];
}

/** `count` small text resources that push the listing past several pages. */
export function generatedItems(count: number): DemoResource[] {
  return Array.from({ length: count }, (_, index) => {
    const i = index + 1;
    return textResource(itemUri(i), `item-${i}`, `Item ${i} of ${count}.\n`, { mimeType: "text/plain" });
  });
}
