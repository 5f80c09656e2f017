import { checkerPng } from "./png";
import { LARGE_TEXT_BYTES, largeText } from "./large-text";
import { onePagePdf, sineWav } from "./media-bytes";
import { blobResource, jsonResource, textResource, type DemoResource } from "./resource-store";
import { DEMO_SAMPLE_URIS as S } from "./uris";

/**
 * One resource per renderer of the inspector's viewer, plus the hostile and contradictory cases
 * it must survive. Every hostile content tries to set the canary global `__pwned` (on its own
 * window, its parent and top); a viewer that ever runs it in the app's page fails the e2e tests.
 */

const CANARY =
  "window.__pwned = true; try { parent.__pwned = true } catch (e) {} try { top.__pwned = true } catch (e) {}";

const HOSTILE_MARKDOWN = `# Markdown with hostile parts

Rendered with **GFM**: ~~strikethrough~~, tables, task lists and autolinks like https://example.com.

- [x] a done task
- [ ] an open task

| renderer | safe because |
| --- | --- |
| markdown | no raw HTML |
| links | scheme allow-list |

Links: [a safe https link](https://modelcontextprotocol.io), [mail us](mailto:demo@example.com),
[click me](javascript:window.__pwned=true), [relative](/api/sessions) and
[data](data:text/html,<script>parent.__pwned=true</script>).

Raw HTML must show as text, never run:

<script>${CANARY}</script>

<img src=x onerror="${CANARY}">

An inline image (data:) and a remote one (never fetched):
![a red pixel](data:image/png;base64,${checkerPng().toString("base64")}) ![remote logo](https://example.com/logo.png)

\`\`\`js
console.log("code fences stay code");
\`\`\`
`;

const CATALOG_JSON = {
  name: "demo catalog",
  version: 3,
  stable: true,
  deprecated: null,
  tags: ["json", "tree", "viewer"],
  owner: {
    name: "Ada",
    email: "ada@example.com",
    teams: [
      { id: 1, role: "admin" },
      { id: 2, role: "viewer" },
    ],
  },
  items: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, label: `item ${i + 1}`, price: (i + 1) * 1.25 })),
};

const PEOPLE = [
  ["id", "name", "city", "note"],
  ["1", "Ada Lovelace", "London", "first programmer"],
  ["2", "Grace Hopper", "New York", 'said "it\'s easier to ask forgiveness"'],
  ["3", "Alan Turing", "Wilmslow", "multi\nline note"],
  ["4", "Katherine Johnson", "Hampton", "orbital mechanics, and more"],
];
const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const PEOPLE_CSV = `${PEOPLE.map((row) => row.map(csvField).join(",")).join("\n")}\n`;
const PEOPLE_TSV = `${PEOPLE.map((row) => row.map((v) => v.replace(/[\t\n]/g, " ")).join("\t")).join("\n")}\n`;

const CODE: [string, string, string][] = [
  [
    S.codeTs,
    "text/x-typescript",
    'import { readFile } from "node:fs/promises";\n\nexport interface Config {\n  port: number;\n  name?: string;\n}\n\nexport async function load(path: string): Promise<Config> {\n  const raw = await readFile(path, "utf8");\n  return JSON.parse(raw) as Config; // trusted input only\n}\n',
  ],
  [
    S.codePython,
    "text/x-python",
    'import json\nfrom pathlib import Path\n\n\ndef load(path: str) -> dict:\n    """Read a JSON config."""\n    with Path(path).open() as f:\n        return json.load(f)\n\n\nif __name__ == "__main__":\n    print(load("config.json")["port"])\n',
  ],
  [
    S.codeYaml,
    "application/yaml",
    "server:\n  name: demo # the display name\n  port: 8080\n  tls: false\nfeatures:\n  - subscribe\n  - listChanged\nlimits: { maxContents: 4, timeoutMs: 30000 }\n",
  ],
  [
    S.codeToml,
    "application/toml",
    '[project]\nname = "demo"\nversion = "0.1.0"\ndependencies = ["mcp>=1.0", "httpx"]\n\n[tool.demo]\ndebug = true\nretries = 3 # times\nstarted = 2025-06-18T09:30:00Z\n',
  ],
  [
    S.codeSql,
    "application/sql",
    "-- resources read per day\nSELECT date_trunc('day', read_at) AS day, count(*) AS reads\nFROM resource_reads\nWHERE uri LIKE 'demo://%'\nGROUP BY 1\nORDER BY 1 DESC\nLIMIT 30;\n",
  ],
  [
    S.codeShell,
    "application/x-sh",
    '#!/usr/bin/env bash\nset -euo pipefail\n# start the demo server and wait for it\nPORT="${PORT:-6280}"\nif [ -z "${TOKEN:-}" ]; then\n  echo "no token" >&2\n  exit 1\nfi\nnpx tsx server/demo/main.ts | tee "demo-$PORT.log"\n',
  ],
  [
    S.codeCss,
    "text/css",
    ":root {\n  --accent: #0ea5e9;\n}\n\n.viewer > pre {\n  font: 12px/1.5 ui-monospace, monospace;\n  color: var(--accent);\n}\n",
  ],
  [
    S.codeXml,
    "application/xml",
    '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n  <title>Demo feed</title>\n  <entry id="1"><title>Hello &amp; welcome</title></entry>\n</feed>\n',
  ],
];

const HOSTILE_HTML = `<!doctype html>
<html>
  <head><meta charset="utf-8"><title>Hostile page</title></head>
  <body style="font-family: sans-serif">
    <h1>A page with a script</h1>
    <p id="status">Scripts did not run (the preview's sandbox has scripts off).</p>
    <form action="https://example.com/steal"><input name="q"><button>Submit</button></form>
    <script>
      ${CANARY}
      try { top.location.hash = "pwned"; } catch (e) {}
      document.getElementById("status").textContent = "This script ran, inside the sandbox only.";
    </script>
  </body>
</html>
`;

const MCP_APP_HTML = `<!doctype html>
<html>
  <head><meta charset="utf-8"><title>Demo MCP App</title></head>
  <body>
    <main id="app">Loading the widget…</main>
    <script>
      ${CANARY}
      document.getElementById("app").textContent = "Demo MCP App widget (rendered by its own script).";
    </script>
  </body>
</html>
`;

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60" onload="${CANARY}">
  <script>${CANARY}</script>
  <rect width="160" height="60" rx="8" fill="#fde68a"/>
  <text x="80" y="36" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#92400e">SVG with a script</text>
</svg>
`;

/** Listed as 12 bytes of text/plain; the read returns JSON under another uri. */
function contradiction(): DemoResource {
  const text = JSON.stringify({ said: "text/plain, 12 bytes", sent: "application/json, another uri" });
  return {
    resource: {
      uri: S.contradiction,
      name: "contradiction.txt",
      title: "Contradicts itself",
      description: "Listed mimeType and size disagree with the read, which also returns another uri.",
      mimeType: "text/plain",
      size: 12,
    },
    read: () => [{ uri: S.contradictionContentUri, mimeType: "application/json", text }],
  };
}

function invalidBase64(): DemoResource {
  return {
    resource: {
      uri: S.invalidBase64,
      name: "invalid-base64.bin",
      description: "A blob that is not valid base64.",
      mimeType: "application/octet-stream",
    },
    read: () => [
      { uri: S.invalidBase64, mimeType: "application/octet-stream", blob: "This is *not* base64!!" },
    ],
  };
}

function large(): DemoResource {
  return {
    resource: {
      uri: S.largeText,
      name: "10mb.txt",
      title: "10 MB of text",
      description: "125,000 numbered lines, 10,000,000 bytes; made on first read.",
      mimeType: "text/plain",
      size: LARGE_TEXT_BYTES,
    },
    read: () => [{ uri: S.largeText, mimeType: "text/plain", text: largeText() }],
  };
}

/** The renderer samples, in listing order. */
export function sampleResources(): DemoResource[] {
  return [
    textResource(S.markdown, "hostile.md", HOSTILE_MARKDOWN, {
      title: "Markdown with hostile links",
      description: "GFM with a javascript: link, a raw <script> and an <img onerror>.",
      mimeType: "text/markdown",
    }),
    jsonResource(S.json, "catalog.json", CATALOG_JSON),
    textResource(S.csv, "people.csv", PEOPLE_CSV, { mimeType: "text/csv" }),
    textResource(S.tsv, "people.tsv", PEOPLE_TSV, { mimeType: "text/tab-separated-values" }),
    ...CODE.map(([uri, mimeType, text]) =>
      textResource(uri, uri.slice(uri.lastIndexOf("/") + 1), text, { mimeType }),
    ),
    textResource(S.html, "hostile.html", HOSTILE_HTML, {
      title: "HTML with a script",
      description: "Its script tries to set __pwned on its window, parent and top.",
      mimeType: "text/html",
    }),
    textResource(S.mcpApp, "widget.html", MCP_APP_HTML, {
      title: "MCP App widget",
      description: "An MCP App page (text/html;profile=mcp-app) whose script renders it.",
      mimeType: "text/html;profile=mcp-app",
    }),
    textResource(S.svg, "hostile.svg", HOSTILE_SVG, {
      title: "SVG with a script",
      description: "Shown only through <img>, where its script and onload never run.",
      mimeType: "image/svg+xml",
    }),
    blobResource(S.wav, "beep.wav", sineWav(), { title: "Beep (WAV)", mimeType: "audio/wav" }),
    blobResource(S.pdf, "sample.pdf", onePagePdf("Hello from the demo server"), {
      title: "One-page PDF",
      mimeType: "application/pdf",
    }),
    blobResource(S.unlabelledPng, "unlabelled", checkerPng(), {
      description: "A PNG blob with no mimeType anywhere: the viewer has to look at its bytes.",
    }),
    blobResource(
      S.markdownBlob,
      "notes.md",
      Buffer.from("# Notes sent as a blob\n\n- textual blobs show as text\n"),
      {
        mimeType: "text/markdown",
      },
    ),
    contradiction(),
    invalidBase64(),
    large(),
  ];
}
