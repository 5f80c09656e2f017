/**
 * RFC 6570 URI Templates, level 4: the fields a template asks for, its expansion, and the reverse
 * (does a URI someone pasted fit a template, and with which values).
 *
 * Why ours and not the SDK's `UriTemplate` (1.32): it has no `;` operator, ignores prefixes
 * (`{var:3}`), mis-expands multi-variable expressions and exploded query lists, and matches
 * `{?q,lang}` only with every parameter present in order (each case pinned in
 * uri-template.test.ts). The page, the recorder and the runner all use this module.
 *
 * Values are strings or lists of strings; `undefined` or an empty list means "not set". Matching
 * recognises a pasted URI (query parameters in any order, each optional), pct-decoding values.
 */

export type TemplateOperator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";
export type TemplateValue = string | readonly string[];
export type TemplateValues = Readonly<Record<string, TemplateValue | undefined>>;

export interface VarSpec {
  name: string;
  /** `{var*}`: a list value expands item by item. */
  explode: boolean;
  /** `{var:3}`: only the first N characters of a string value. */
  prefix?: number;
}

export interface TemplateExpression {
  operator: TemplateOperator;
  vars: VarSpec[];
}

export type TemplatePart = string | TemplateExpression;

/** One form field: a variable as it first appears in the template. */
export interface TemplateVariable extends VarSpec {
  operator: TemplateOperator;
}

interface OperatorSpec {
  first: string;
  sep: string;
  named: boolean;
  ifEmpty: string;
  /** Reserved characters and pct-encoded triplets pass through (`+` and `#`). */
  allowReserved: boolean;
}

// RFC 6570 Appendix A.
const OPERATORS: Record<TemplateOperator, OperatorSpec> = {
  "": { first: "", sep: ",", named: false, ifEmpty: "", allowReserved: false },
  "+": { first: "", sep: ",", named: false, ifEmpty: "", allowReserved: true },
  "#": { first: "#", sep: ",", named: false, ifEmpty: "", allowReserved: true },
  ".": { first: ".", sep: ".", named: false, ifEmpty: "", allowReserved: false },
  "/": { first: "/", sep: "/", named: false, ifEmpty: "", allowReserved: false },
  ";": { first: ";", sep: ";", named: true, ifEmpty: "", allowReserved: false },
  "?": { first: "?", sep: "&", named: true, ifEmpty: "=", allowReserved: false },
  "&": { first: "&", sep: "&", named: true, ifEmpty: "=", allowReserved: false },
};

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;

export class UriTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UriTemplateError";
  }
}

function parseVarSpec(spec: string): VarSpec {
  let name = spec;
  let explode = false;
  let prefix: number | undefined;
  if (name.endsWith("*")) {
    explode = true;
    name = name.slice(0, -1);
  } else {
    const colon = name.indexOf(":");
    if (colon >= 0) {
      const digits = name.slice(colon + 1);
      if (!/^[1-9][0-9]{0,3}$/.test(digits))
        throw new UriTemplateError(`Invalid prefix modifier in "${spec}"`);
      prefix = Number(digits);
      name = name.slice(0, colon);
    }
  }
  if (!VARNAME.test(name)) throw new UriTemplateError(`Invalid variable name "${name}"`);
  return prefix === undefined ? { name, explode } : { name, explode, prefix };
}

/** Splits a template into literals and expressions. @throws UriTemplateError when malformed. */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    const close = template.indexOf("}", i);
    if (close >= 0 && (open < 0 || close < open)) throw new UriTemplateError("Unmatched '}'");
    if (open < 0) {
      parts.push(template.slice(i));
      break;
    }
    if (open > i) parts.push(template.slice(i, open));
    const end = template.indexOf("}", open);
    if (end < 0) throw new UriTemplateError("Unclosed expression: missing '}'");
    const body = template.slice(open + 1, end);
    if (body.includes("{")) throw new UriTemplateError("Nested '{'");
    const first = body.charAt(0);
    const operator: TemplateOperator =
      first !== "" && "+#./;?&".includes(first) ? (first as TemplateOperator) : "";
    const list = body.slice(operator.length);
    if (list === "") throw new UriTemplateError(`Empty expression "{${body}}"`);
    parts.push({ operator, vars: list.split(",").map(parseVarSpec) });
    i = end + 1;
  }
  return parts;
}

/** The variables of a template, one per name, in order of first appearance. */
export function templateVariables(template: string): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>();
  for (const part of parseTemplate(template)) {
    if (typeof part === "string") continue;
    for (const v of part.vars) if (!seen.has(v.name)) seen.set(v.name, { ...v, operator: part.operator });
  }
  return [...seen.values()];
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;
const encoder = new TextEncoder();

function pctEncodeChar(char: string): string {
  let out = "";
  for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/** Percent-encodes everything but unreserved (and, for `+`/`#`, reserved and existing %XX). */
export function encodeValue(value: string, allowReserved: boolean): string {
  let out = "";
  const chars = Array.from(value); // code points: a surrogate pair encodes as one character
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i] ?? "";
    if (UNRESERVED.test(c)) out += c;
    else if (allowReserved && RESERVED.test(c)) out += c;
    else if (
      allowReserved &&
      c === "%" &&
      /^[0-9A-Fa-f]$/.test(chars[i + 1] ?? "") &&
      /^[0-9A-Fa-f]$/.test(chars[i + 2] ?? "")
    ) {
      out += `%${chars[i + 1]}${chars[i + 2]}`;
      i += 2;
    } else out += pctEncodeChar(c);
  }
  return out;
}

function isDefined(value: TemplateValue | undefined): value is TemplateValue {
  return value !== undefined && (typeof value === "string" || value.length > 0);
}

function expandExpression(expression: TemplateExpression, values: TemplateValues): string {
  const op = OPERATORS[expression.operator];
  const pieces: string[] = [];
  const enc = (s: string) => encodeValue(s, op.allowReserved);
  for (const spec of expression.vars) {
    const value = values[spec.name];
    if (!isDefined(value)) continue;
    if (typeof value === "string") {
      const shown = spec.prefix === undefined ? value : Array.from(value).slice(0, spec.prefix).join("");
      const encoded = enc(shown);
      pieces.push(op.named ? `${spec.name}${encoded === "" ? op.ifEmpty : `=${encoded}`}` : encoded);
    } else if (!spec.explode) {
      const joined = value.map(enc).join(",");
      pieces.push(op.named ? `${spec.name}${joined === "" ? op.ifEmpty : `=${joined}`}` : joined);
    } else if (op.named) {
      pieces.push(
        value
          .map((item) => (item === "" ? `${spec.name}${op.ifEmpty}` : `${spec.name}=${enc(item)}`))
          .join(op.sep),
      );
    } else {
      pieces.push(value.map(enc).join(op.sep));
    }
  }
  return pieces.length === 0 ? "" : op.first + pieces.join(op.sep);
}

/** Expands a template (RFC 6570 level 4). @throws UriTemplateError when the template is malformed. */
export function expandTemplate(template: string | readonly TemplatePart[], values: TemplateValues): string {
  const parts = typeof template === "string" ? parseTemplate(template) : template;
  return parts.map((part) => (typeof part === "string" ? part : expandExpression(part, values))).join("");
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// What each operator's expansion can contain (reserved characters are pct-encoded but for `+`/`#`).
// Labels and segments are lazy: in `{/seg*}{.ext}` a "." may belong to either, and the shortest
// segments that let the rest match are the likelier reading.
const CAPTURE: Record<TemplateOperator, string> = {
  "": "([^/?#]*)",
  "+": "(.*)",
  "#": "((?:#.*)?)",
  ".": "((?:\\.[^/?#;.]*?)*?)",
  "/": "((?:/[^/?#;]*?)*?)",
  ";": "((?:;[^/?#;]*?)*?)",
  "?": "((?:\\?[^#]*)?)",
  "&": "((?:&[^#]*)?)",
};

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function assignPositional(
  vars: readonly VarSpec[],
  items: string[],
  out: Record<string, TemplateValue>,
): void {
  vars.forEach((spec, i) => {
    const last = i === vars.length - 1;
    if (last && spec.explode) {
      const rest = items.slice(i).map(decode);
      if (rest.length > 0) out[spec.name] = rest.length === 1 ? (rest[0] ?? "") : rest;
    } else if (items[i] !== undefined) {
      out[spec.name] = decode(items[i] ?? "");
    }
  });
}

function assignNamed(vars: readonly VarSpec[], pairs: string[], out: Record<string, TemplateValue>): void {
  const byName = new Map(vars.map((v) => [v.name, v]));
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const spec = byName.get(name);
    if (!spec) continue;
    const value = decode(eq < 0 ? "" : pair.slice(eq + 1));
    const previous = out[name];
    if (previous === undefined) out[name] = value;
    else out[name] = [...(typeof previous === "string" ? [previous] : previous), value];
  }
}

/**
 * The values that make `template` expand to `uri`, or null when it cannot. A URI with literal
 * text only (no variables) matches when equal.
 */
export function matchTemplate(
  template: string | readonly TemplatePart[],
  uri: string,
): Record<string, TemplateValue> | null {
  let parts: readonly TemplatePart[];
  try {
    parts = typeof template === "string" ? parseTemplate(template) : template;
  } catch {
    return null;
  }
  const expressions: TemplateExpression[] = [];
  let pattern = "^";
  for (const part of parts) {
    if (typeof part === "string") pattern += escapeRegExp(part);
    else {
      pattern += CAPTURE[part.operator];
      expressions.push(part);
    }
  }
  const match = new RegExp(`${pattern}$`).exec(uri);
  if (!match) return null;
  const out: Record<string, TemplateValue> = {};
  // `{?a}{&b}`: the query capture takes every pair, so each query pair may fill any query variable.
  const queryVars = expressions
    .filter((e) => e.operator === "?" || e.operator === "&")
    .flatMap((e) => e.vars);
  expressions.forEach((expression, i) => {
    const text = match[i + 1] ?? "";
    const op = OPERATORS[expression.operator];
    if (text === "") return;
    const body = op.first && text.startsWith(op.first) ? text.slice(op.first.length) : text;
    const items = body.split(op.sep);
    if (expression.operator === "?" || expression.operator === "&") assignNamed(queryVars, items, out);
    else if (op.named) assignNamed(expression.vars, items, out);
    else if (expression.vars.length === 1 && !expression.vars[0]?.explode) {
      // One plain variable: its value is the whole expansion (a list value comes back joined).
      assignPositional(expression.vars, [body], out);
    } else assignPositional(expression.vars, items, out);
  });
  return out;
}
