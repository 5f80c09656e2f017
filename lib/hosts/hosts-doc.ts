/**
 * docs/HOSTS.md, made from lib/hosts: per host its release and every fact with its certainty and
 * source, then the host rules with the hosts and facts they rest on. The modules are the truth;
 * the document is their print. `npm run docs:hosts` writes it, and hosts-doc.test.ts fails when
 * the file is not what this makes now.
 */
import { HOST_RULES, type HostRule } from "./host-rules";
import { HOSTS } from "./index";
import { HOST_IDS, HOST_NAMES, type HostFact, type HostId, type HostModel } from "./types";

export const HOSTS_DOC = "docs/HOSTS.md";
export const HOSTS_DOC_COMMAND = "npm run docs:hosts";

/** Prose lines stop here; a link definition's URL may not. */
export const HOSTS_DOC_WIDTH = 110;

const TAG = { verified: "[V]", inferred: "[I]" } as const;

/** Words that would start a list, a heading, a quote or an underline at the start of a line. */
const BLOCK_START = /^([-+*=_]+|#{1,6}|\d{1,9}[.)]|>.*)$/;

/** `text` in lines of at most HOSTS_DOC_WIDTH, the first after `first`, the others after `rest`. */
function wrap(text: string, first: string, rest = " ".repeat(first.length)): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const fits = line.length + 1 + word.length <= HOSTS_DOC_WIDTH;
    if (empty || fits || BLOCK_START.test(word)) {
      line += empty ? word : ` ${word}`;
    } else {
      lines.push(line);
      line = rest + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** Markdown would take `<uri>` for an HTML tag: escape `<` outside code spans. */
function prose(text: string): string {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, "\\<") : part))
    .join("`");
}

const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-");

function factKey(host: HostModel, fact: HostFact, code: string): string {
  const key = Object.entries(host.facts).find(([, f]) => f === fact)?.[0];
  if (key === undefined)
    throw new Error(`${code} rests on a fact of ${host.label} that its module does not list: “${fact.text}”`);
  return key;
}

function hostSection(host: HostModel): string[] {
  const ref = (key: string) => `${host.id}.${key}`;
  const out = [
    `## ${host.label}`,
    "",
    ...wrap(prose(host.version), "- Release: ", "  "),
    ...wrap(prose(host.describedFrom), "- Described from: ", "  "),
    host.modelReads
      ? "- Its model reads resources on its own."
      : "- Its model reads no resource on its own: the user attaches them.",
    "",
  ];
  const facts = Object.entries(host.facts);
  for (const [key, f] of facts) {
    out.push(...wrap(`**${key}** ${TAG[f.certainty]} ${prose(f.text)}`, "- ", "  "));
    out.push(...wrap(`Source: [${f.source.label.replace(/[[\]]/g, "\\$&")}][${ref(key)}]`, "  "));
  }
  out.push("");
  for (const [key, f] of facts) out.push(`[${ref(key)}]: ${f.source.url}`);
  return out;
}

function ruleSection(code: string, rule: HostRule, hosts: Readonly<Record<HostId, HostModel>>): string[] {
  const concerns = rule.hosts.map((h) => HOST_NAMES[h]).join(", ");
  const restsOn = rule.facts.map((f) => {
    const host = hosts[f.host];
    return `[${host.label}](#${anchor(host.label)}) ${factKey(host, f.fact, code)} ${TAG[f.fact.certainty]}`;
  });
  return [
    `### ${code}`,
    "",
    ...wrap(`${rule.severity} · ${prose(rule.title)} · ${concerns}`, ""),
    "",
    ...wrap(prose(rule.why), ""),
    "",
    ...wrap(`Rests on: ${restsOn.join(", ")}.`, ""),
    "",
  ];
}

/** The document, from `hosts` and `rules` (lib/hosts's own unless a test gives others). */
export function hostsDoc(
  hosts: Readonly<Record<HostId, HostModel>> = HOSTS,
  rules: Readonly<Record<string, HostRule>> = HOST_RULES,
): string {
  const labels = HOST_IDS.map((id) => hosts[id].label);
  const out = [
    "# Hosts",
    "",
    `<!-- Made from lib/hosts by \`${HOSTS_DOC_COMMAND}\`: edit the modules, not this file. -->`,
    "",
    ...wrap(
      "What each AI host does with a server's resources, as the host lens (lib/hosts/, one module a host) " +
        "models it: a section per host with the release described and its facts, then the host rules " +
        "(lib/hosts/host-rules.ts), each with the hosts it concerns and the facts it rests on. " +
        `${TAG.verified} verified: read in the host's code, docs or a maintainer's word. ` +
        `${TAG.inferred} inferred: reasoned, and said so.`,
      "",
    ),
    "",
    ...wrap([...labels, "Host rules"].map((l) => `[${l}](#${anchor(l)})`).join(" · "), ""),
    "",
  ];
  for (const id of HOST_IDS) out.push(...hostSection(hosts[id]), "");
  out.push("## Host rules", "");
  for (const [code, rule] of Object.entries(rules)) out.push(...ruleSection(code, rule, hosts));
  return `${out.join("\n").trimEnd()}\n`;
}

/** Why the document on disk is not what lib/hosts makes now (its first differing line), or null. */
export function hostsDocProblem(onDisk: string, made: string = hostsDoc()): string | null {
  if (onDisk === made) return null;
  const have = onDisk.split("\n");
  const want = made.split("\n");
  const at = want.findIndex((line, i) => have[i] !== line);
  const line = at === -1 ? want.length + 1 : at + 1;
  return `${HOSTS_DOC} is not what lib/hosts makes now (line ${line} differs): run ${HOSTS_DOC_COMMAND}.`;
}
