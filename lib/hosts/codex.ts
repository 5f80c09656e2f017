/**
 * OpenAI Codex CLI as data: three model tools (list, list templates, read) that hand the model the
 * server's JSON as is, blobs inline.
 */
import { fact } from "./fact";
import { note } from "./shared";
import type { HostModel, HostReadView, LensNote, ReadInput, ServerView } from "./types";
import { HOST_NAMES } from "./types";

const HANDLER =
  "https://github.com/openai/codex/blob/234a0e5a8fe055eb9e41520ec03eb1f1706eeb45/codex-rs/core/src/tools/handlers/mcp_resource.rs";

export const CODEX_FACTS = {
  rawJson: fact(
    "read_mcp_resource {server, uri} returns serde_json of {server, uri, …ReadResourceResult}: blob base64 goes to the model inside the JSON. Whether newer builds truncate it to the model's policy is unsettled (two copies disagree).",
    "verified",
    "codex-rs mcp_resource/read_mcp_resource.rs L91–98",
    "https://github.com/openai/codex/blob/1043025eb04070cc89768e93828de84515275003/codex-rs/core/src/tools/handlers/mcp_resource/read_mcp_resource.rs#L91",
  ),
  onePage: fact(
    "list_mcp_resources with a server returns one page and hands nextCursor to the model, which must ask again for the rest.",
    "verified",
    "codex-rs mcp_resource.rs",
    HANDLER,
  ),
  templates: fact(
    "list_mcp_resource_templates lists templates and any URI can be read, so templates work.",
    "verified",
    "codex-rs mcp_resource.rs",
    HANDLER,
  ),
  errors: fact(
    "A failing read gives the model “resources/read failed: <error>”.",
    "verified",
    "codex-rs read_mcp_resource.rs L91",
    "https://github.com/openai/codex/blob/1043025eb04070cc89768e93828de84515275003/codex-rs/core/src/tools/handlers/mcp_resource/read_mcp_resource.rs#L91",
  ),
} as const;

const F = CODEX_FACTS;

/** What read_mcp_resource hands the model: compact JSON, field order as Codex serializes it. */
export function codexReadText(input: ReadInput): string {
  if (input.error) return `resources/read failed: ${input.error.message}`;
  return JSON.stringify({ server: input.serverName, uri: input.uri, contents: input.contents ?? [] });
}

function read(input: ReadInput): HostReadView {
  const notes: LensNote[] = [];
  if ((input.contents ?? []).some((c) => typeof c.blob === "string"))
    notes.push(
      note(
        "info",
        "Blob base64 reaches the model inside the JSON (it costs tokens, not an image).",
        F.rawJson,
      ),
    );
  return {
    host: "codex",
    audience: "model",
    blocks: [
      { kind: "text", title: "read_mcp_resource → model", text: codexReadText(input), format: "json" },
    ],
    notes,
  };
}

export function codexListText(server: ServerView): string {
  return JSON.stringify({
    server: server.name,
    resources: server.resources.map((r) => ({ server: server.name, ...r })),
  });
}

export const codex: HostModel = {
  id: "codex",
  label: `${HOST_NAMES.codex} CLI`,
  version: "codex-rs (main, 2026)",
  describedFrom: "openai/codex codex-rs/core/src/tools/handlers",
  modelReads: true,
  facts: CODEX_FACTS,
  read,
  list: (server) => ({
    host: "codex",
    title: `list_mcp_resources {"server":"${server.name}"} → model (every page joined)`,
    text: codexListText(server),
    format: "json",
    audience: "model",
  }),
  reach: (server) => ({
    host: "codex",
    reachable: server.listError ? 0 : server.resources.length,
    total: server.resources.length,
    templates: server.templates.length > 0 ? "model" : "none",
    pages: server.pages > 1 ? "one page a call; the model follows nextCursor" : "every page",
    blobs: "base64 inside the JSON",
    ...(server.listError ? { lost: `resources/list failed (${server.listError})` } : {}),
  }),
};
