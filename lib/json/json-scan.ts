/**
 * The one JSON scanner: where a text stops being JSON (RFC 8259) — or JSONC, JSON with comments
 * and trailing commas as VS Code writes its config files — and, when asked, the value with where
 * each of its values starts. Iterative (an explicit stack): "[[[[…" 200,000 deep costs a loop,
 * not the call stack.
 *
 * Why not JSON.parse alone: Node 20's messages quote the text around the error ("Unexpected token
 * 'r', "root:x:0:0"... is not valid JSON") and often give no position, so an error built from them
 * leaks the file. This scanner finds the first offset that breaks the grammar and says what was
 * expected there, never what was found. Check files, env files and servers.json are read strictly
 * (`findJsonSyntaxError`, only after JSON.parse failed); a pasted server config as JSONC with the
 * position of every value (`parseJsonWithPositions`, lib/import/server-config.ts).
 */

import { skipGap } from "./json-gap";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface JsonSyntaxError {
  /** UTF-16 offset of the first character that breaks the grammar (the text's length at its end). */
  offset: number;
  reason: string;
}

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  reason: string;
}

export interface JsonScanOptions {
  /** Comments (`//`, `/* *\/`), trailing commas and any Unicode white space, as JSONC allows. */
  jsonc?: boolean;
  /** Most levels of nesting (the top value is level 1); deeper is an error. */
  maxDepth?: number;
}

export interface PositionedJson {
  value: JsonValue;
  /** Offset of each value by its dotted path (`mcpServers.a.args[0]`; the top value is `""`). */
  at: Map<string, number>;
}

/** Line and column (1-based, in UTF-16 units; CRLF, CR and LF each end a line) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: (before[before.length - 1] ?? "").length + 1 };
}

/** The first syntax error of strict JSON `text` with its line and column, or null if it is JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const at = findJsonError(text);
  return at === null ? null : { ...lineAndColumn(text, at.offset), reason: at.reason };
}

/** The first syntax error of `text`, or null when it is JSON (JSONC with `jsonc`). */
export function findJsonError(text: string, options: JsonScanOptions = {}): JsonSyntaxError | null {
  const result = scan(text, options, false);
  return "error" in result ? result.error : null;
}

/** The value of `text` with the offset of each of its values, or its first syntax error. */
export function parseJsonWithPositions(
  text: string,
  options: JsonScanOptions = {},
): PositionedJson | { error: JsonSyntaxError } {
  return scan(text, options, true);
}

type State = "value" | "valueOrClose" | "key" | "keyOrClose" | "after";

interface Frame {
  open: "{" | "[";
  path: string;
  /** Built only when asked for the value. */
  container: JsonValue[] | { [key: string]: JsonValue } | undefined;
  /** The property name read last (objects), or how many elements so far (arrays). */
  key: string;
  count: number;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /^[0-9A-Fa-f]{4}$/;
function scan(
  text: string,
  options: JsonScanOptions,
  build: boolean,
): PositionedJson | { error: JsonSyntaxError } {
  const n = text.length;
  const jsonc = options.jsonc === true;
  const maxDepth = options.maxDepth ?? Infinity;
  const stack: Frame[] = [];
  const at = new Map<string, number>();
  let top: JsonValue = null;
  let i = 0;
  let state: State = "value";
  const fail = (reason: string) => ({ error: { offset: Math.min(i, n), reason } });
  const end = (what: string) => fail(`the file ends where ${what} was expected`);

  const skip = (): string | null => {
    const gap = skipGap(text, i, jsonc);
    i = gap.end;
    return gap.open ?? null;
  };

  /** From an opening quote to just after the closing one; a reason when it is not a string. */
  const string = (): string | null => {
    i++;
    for (;;) {
      if (i >= n) return "a string is not closed";
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else if (e === "u" && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
        else return "a string has an invalid escape sequence";
      } else if (c < 0x20) return "a string contains a raw control character or line break";
      else i++;
    }
  };

  /** Where the value starting now sits; only when building. */
  const childPath = (): string => {
    const parent = stack[stack.length - 1];
    if (!parent) return "";
    if (parent.open === "[") return `${parent.path}[${parent.count}]`;
    return parent.path ? `${parent.path}.${parent.key}` : parent.key;
  };
  const attach = (value: JsonValue): void => {
    const parent = stack[stack.length - 1];
    if (!parent) top = value;
    else if (Array.isArray(parent.container)) parent.container.push(value);
    // An own property, as JSON.parse makes it: a "__proto__" key must not set the prototype.
    else if (parent.container)
      Object.defineProperty(parent.container, parent.key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    if (parent) parent.count++;
  };

  for (;;) {
    const open = skip();
    if (open) return fail(open);
    const c = text[i];
    if (state === "value" || state === "valueOrClose") {
      if (c === undefined) return end("a value");
      if (state === "valueOrClose" && c === "]") {
        stack.pop();
        i++;
        state = "after";
        continue;
      }
      if (stack.length >= maxDepth) return fail(`nested more than ${maxDepth} levels deep`);
      const path = build ? childPath() : "";
      if (build) at.set(path, i);
      const start = i;
      if (c === "{" || c === "[") {
        const container = build ? (c === "{" ? {} : []) : undefined;
        if (container) attach(container);
        stack.push({ open: c, path, container, key: "", count: 0 });
        i++;
        state = c === "{" ? "keyOrClose" : "valueOrClose";
        continue;
      }
      if (c === '"') {
        const bad = string();
        if (bad) return fail(bad);
        if (build) attach(JSON.parse(text.slice(start, i)) as string);
      } else if (c === "-" || (c >= "0" && c <= "9")) {
        NUMBER.lastIndex = i;
        const m = NUMBER.exec(text);
        if (!m) return fail("a number is malformed");
        i += m[0].length;
        if (build) attach(Number(m[0]));
      } else {
        const word = (["true", "false", "null"] as const).find((w) => text.startsWith(w, i));
        if (!word) return fail("a value (object, array, string, number, true, false or null) was expected");
        i += word.length;
        if (build) attach(word === "null" ? null : word === "true");
      }
      state = "after";
    } else if (state === "key" || state === "keyOrClose") {
      if (c === undefined) return end("a property name");
      if (state === "keyOrClose" && c === "}") {
        stack.pop();
        i++;
        state = "after";
        continue;
      }
      if (c !== '"') return fail("a double-quoted property name was expected");
      const start = i;
      const bad = string();
      if (bad) return fail(bad);
      if (build) stack[stack.length - 1]!.key = JSON.parse(text.slice(start, i)) as string;
      const gap = skip();
      if (gap) return fail(gap);
      if (text[i] !== ":") return i >= n ? end('":"') : fail('":" was expected after a property name');
      i++;
      state = "value";
    } else {
      const parent = stack[stack.length - 1];
      if (parent === undefined)
        return c === undefined ? { value: top, at } : fail("there is more after the JSON value");
      const close = parent.open === "{" ? "}" : "]";
      if (c === undefined) return end(`"," or "${close}"`);
      if (c === ",") {
        i++;
        // JSONC allows a comma before the closing bracket.
        state = parent.open === "{" ? (jsonc ? "keyOrClose" : "key") : jsonc ? "valueOrClose" : "value";
      } else if (c === close) {
        stack.pop();
        i++;
      } else return fail(`"," or "${close}" was expected`);
    }
  }
}
