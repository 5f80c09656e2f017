import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { LiveResources } from "./live";
import { createdAt, textResource } from "./resource-store";
import type { ResourceStore } from "./resource-store";
import { DEMO_TOOLS, DYNAMIC_URI_PREFIX } from "./uris";

/**
 * Tools that change the resource list at runtime, so the inspector's list_changed and updated
 * handling can be tried (and tested) on demand.
 */

export interface ResourceToolDeps {
  store: ResourceStore;
  live: LiveResources;
  /** Sends `notifications/resources/list_changed`. */
  listChanged: () => void;
}

function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

export function registerResourceTools(mcp: McpServer, { store, live, listChanged }: ResourceToolDeps): void {
  let created = 0;
  const nextDynamicUri = (): string => {
    let uri: string;
    do uri = `${DYNAMIC_URI_PREFIX}${++created}`;
    while (store.has(uri));
    return uri;
  };

  mcp.registerTool(
    DEMO_TOOLS.addResource,
    {
      title: "Add or replace a resource",
      description:
        "Adds a text resource (or replaces the one with the same uri), then sends " +
        "notifications/resources/list_changed, and notifications/resources/updated to subscribers of a replaced uri.",
      inputSchema: {
        uri: z.string().optional().describe(`Absolute URI; default ${DYNAMIC_URI_PREFIX}<n>`),
        name: z
          .string()
          .optional()
          .describe('Kept as given; defaults to the last path segment of the uri plus " @<created-at ms>"'),
        text: z.string().optional().describe("Content; defaults to a line naming the resource"),
        mimeType: z.string().optional().describe("Defaults to text/plain"),
      },
      outputSchema: { uri: z.string(), replaced: z.boolean() },
    },
    (args) => {
      const uri = args.uri ?? nextDynamicUri();
      if (!URL.canParse(uri)) return failure(`Not an absolute URI: ${uri}`);
      const now = Date.now();
      const stamp = createdAt(now);
      // A name the caller chose is theirs; a made-up one carries the creation time, like _meta.
      const name =
        args.name ??
        `${(uri.split(/[?#]/, 1)[0] ?? uri).split("/").filter(Boolean).pop() ?? uri}${stamp.suffix}`;
      const text = args.text ?? `Added at ${new Date(now).toISOString()} by ${DEMO_TOOLS.addResource}.\n`;
      const outcome = store.put(
        textResource(uri, name, text, {
          mimeType: args.mimeType ?? "text/plain",
          description: "Added at runtime.",
          _meta: stamp._meta,
        }),
      );
      listChanged();
      if (outcome === "replaced") live.changed(uri);
      const replaced = outcome === "replaced";
      return {
        content: [{ type: "text", text: `${replaced ? "Replaced" : "Added"} ${uri}` }],
        structuredContent: { uri, replaced },
      };
    },
  );

  mcp.registerTool(
    DEMO_TOOLS.removeResource,
    {
      title: "Remove a resource",
      description: "Removes any listed resource, then sends notifications/resources/list_changed.",
      inputSchema: { uri: z.string().describe("The uri exactly as listed") },
      outputSchema: { uri: z.string() },
    },
    ({ uri }) => {
      if (!store.remove(uri)) return failure(`No listed resource has the uri ${uri}`);
      listChanged();
      return { content: [{ type: "text", text: `Removed ${uri}` }], structuredContent: { uri } };
    },
  );
}
