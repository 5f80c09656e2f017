import { ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpServer, RegisteredResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { UriTemplate, type Variables } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { expandTemplate, matchTemplate, templateVariables } from "@/lib/resources/uri-template";
import { resourceNotFound } from "./demo-errors";
import { DEMO_TEMPLATES } from "./uris";

/**
 * Resource templates with argument completion (`completion/complete` with `ref/resource`).
 * McpServer serves `resources/templates/list` and completion from these registrations;
 * resource-handlers.ts reads through them.
 */

const USERS: Record<string, { displayName: string; role: string }> = {
  alice: { displayName: "Alice Liddell", role: "admin" },
  bob: { displayName: "Bob Builder", role: "maintainer" },
  carol: { displayName: "Carol Danvers", role: "maintainer" },
  dave: { displayName: "Dave Lister", role: "viewer" },
  erin: { displayName: "Erin Hannon", role: "viewer" },
  frank: { displayName: "Frank Drebin", role: "viewer" },
};

const REPOS: Record<string, readonly string[]> = {
  acme: ["anvil", "rocket-skates", "roadrunner-trap"],
  globex: ["hammock", "reactor"],
  initech: ["stapler", "tps-reports"],
};

/**
 * Level 4 operators the SDK's UriTemplate does not handle (`;`, prefixes, explode; see
 * lib/resources/uri-template.ts): `{;x}` → ";x=1024", `{var:3}` → "val", `{/list*}` → "/red/green/blue".
 * `;x` comes first: a plain `{var}` may contain ";", so after it `{;x}` could not be told apart.
 */
export const RFC6570_ECHO_TEMPLATE = "demo://echo{;x}/{var:3}{/list*}";

/**
 * The SDK's UriTemplate with our RFC 6570 expansion and matching, so the demo serves a template
 * that uses every operator; McpServer and resource-handlers.ts only call these three members.
 */
class Rfc6570Template extends UriTemplate {
  private readonly source: string;

  constructor(template: string) {
    super(template);
    this.source = template;
  }

  override get variableNames(): string[] {
    return templateVariables(this.source).map((v) => v.name);
  }

  override expand(variables: Variables): string {
    return expandTemplate(this.source, variables);
  }

  override match(uri: string): Variables | null {
    const values = matchTemplate(this.source, uri);
    if (values === null) return null;
    return Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? value : [...value]]),
    );
  }
}

function startingWith(candidates: Iterable<string>, prefix: string): string[] {
  const lower = prefix.toLowerCase();
  return [...candidates].filter((candidate) => candidate.toLowerCase().startsWith(lower));
}

/** A template variable as one string (our templates only use simple `{var}` expressions). */
function single(variables: Variables, name: string): string {
  const value = variables[name];
  const raw = Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // malformed %-escapes: match nothing rather than fail the request
  }
}

export function registerTemplates(mcp: McpServer): RegisteredResourceTemplate[] {
  const profile = mcp.registerResource(
    "user-profile",
    new ResourceTemplate(DEMO_TEMPLATES.userProfile, {
      // Not enumerated in resources/list: the point is to fill the template in.
      list: undefined,
      complete: { userId: (value) => startingWith(Object.keys(USERS), value) },
    }),
    {
      title: "User profile",
      description: "A user's profile as JSON. userId completes from the known users.",
      mimeType: "application/json",
    },
    (uri, variables) => {
      const userId = single(variables, "userId");
      const user = USERS[userId];
      if (!user) throw resourceNotFound(uri.href);
      return {
        contents: [
          { uri: uri.href, mimeType: "application/json", text: JSON.stringify({ id: userId, ...user }) },
        ],
      };
    },
  );

  const readme = mcp.registerResource(
    "repo-readme",
    new ResourceTemplate(DEMO_TEMPLATES.repoReadme, {
      list: undefined,
      complete: {
        owner: (value) => startingWith(Object.keys(REPOS), value),
        // Completion with context: the owner already chosen narrows the repositories offered.
        repo: (value, context) => {
          const owner = context?.arguments?.["owner"];
          const repos = owner !== undefined ? (REPOS[owner] ?? []) : Object.values(REPOS).flat();
          return startingWith(repos, value);
        },
      },
    }),
    {
      title: "Repository README",
      description: "A repository's README. repo completes from the chosen owner's repositories.",
      mimeType: "text/markdown",
    },
    (uri, variables) => {
      const owner = single(variables, "owner");
      const repo = single(variables, "repo");
      if (!REPOS[owner]?.includes(repo)) throw resourceNotFound(uri.href);
      return {
        contents: [
          { uri: uri.href, mimeType: "text/markdown", text: `# ${owner}/${repo}\n\nA demo repository.\n` },
        ],
      };
    },
  );

  const echo = mcp.registerResource(
    "rfc6570-echo",
    new ResourceTemplate(new Rfc6570Template(RFC6570_ECHO_TEMPLATE), { list: undefined }),
    {
      title: "RFC 6570 echo",
      description: "Echoes the uri it was read with and the values the template matched.",
      mimeType: "application/json",
    },
    (uri, variables) => ({
      contents: [
        { uri: uri.href, mimeType: "application/json", text: JSON.stringify({ uri: uri.href, variables }) },
      ],
    }),
  );

  return [profile, readme, echo];
}
