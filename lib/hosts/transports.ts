/**
 * Which AI hosts connect to a WebSocket server: the review step's note and the WebSocket OAuth
 * refusal say it (lib/launch/http-input.ts asks here). Apart from the host modules, so the first
 * page does not load the host models to say it; each module lists its host's row as its
 * `websocket` fact (docs/HOSTS.md, each host's section). Codex has no row: its transports have
 * not been read.
 */
import { fact } from "./fact";
import { HOST_NAMES, type HostFact, type HostId } from "./types";

export interface WebSocketSupport {
  connects: boolean;
  /** How the host's config asks for one, when it does. */
  configType?: string;
  fact: HostFact;
}

export const WEBSOCKET_SUPPORT = {
  "claude-code": {
    connects: true,
    configType: '"type": "ws"',
    fact: fact(
      'A remote server may be a WebSocket one ("type": "ws", a ws:// or wss:// url); it takes headers only, no OAuth sign-in.',
      "verified",
      "docs/mcp.md",
      "https://github.com/ericbuess/claude-code-docs/blob/ec68a5b2/docs/mcp.md",
    ),
  },
  "gemini-cli": {
    connects: false,
    fact: fact(
      "No WebSocket transport: MCPServerConfig declares a tcp field “For websocket transport”, but no transport is built from it (stdio, SSE and Streamable HTTP only).",
      "verified",
      "config/config.ts MCPServerConfig",
      "https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/config/config.ts",
    ),
  },
  vscode: {
    connects: false,
    fact: fact(
      "No WebSocket transport: a server in mcp.json is a stdio command, or a url whose type is http or sse.",
      "verified",
      "mcpConfiguration.ts mcpServerSchema",
      "https://github.com/microsoft/vscode/blob/a6937e4a678a2cb93751d08ce73214b6f4ed33d5/src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts",
    ),
  },
} as const satisfies Partial<Record<HostId, WebSocketSupport>>;

const rows = Object.entries(WEBSOCKET_SUPPORT) as [HostId, WebSocketSupport][];
const named = (connects: boolean) => rows.filter(([, s]) => s.connects === connects);
const and = (names: readonly string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

const connecting = named(true);
const without = named(false).map(([id]) => HOST_NAMES[id]);
const speaks = connecting.map(
  ([id, s]) => `${HOST_NAMES[id]} connects to WebSocket servers (${s.configType})`,
);

/** For the review step of a ws:// URL: which hosts can use such a server. */
export const WEBSOCKET_HOSTS_NOTE = `Of the AI hosts, ${and(speaks)}; ${and(without)} ${without.length === 1 ? "has" : "have"} no WebSocket transport.`;

/** Why a WebSocket launch is refused OAuth settings (as the host that speaks WebSocket does). */
export const WEBSOCKET_OAUTH_MESSAGE = `OAuth sign-in is not available over WebSocket (as in ${and(connecting.map(([id]) => HOST_NAMES[id]))}, WebSocket servers take headers only): give an API key or an Authorization header instead.`;
