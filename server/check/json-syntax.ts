/**
 * Where a JSON text stops being JSON, without quoting it. Node 20's JSON.parse messages quote the
 * text around the error ("Unexpected token 'r', "root:x:0:0"... is not valid JSON") and often give
 * no position, so an error built from them leaks the file; this scanner finds the first offset
 * that breaks RFC 8259 and says what was expected there. It runs only after JSON.parse failed.
 */

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  reason: string;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /^[0-9A-Fa-f]{4}$/;

/** The first syntax error of `text` (line and column 1-based, in UTF-16 units), or null if it is JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const at = scan(text);
  return at === null ? null : { ...lineAndColumn(text, at.offset), reason: at.reason };
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: (before[before.length - 1] ?? "").length + 1 };
}

type State = "value" | "valueOrClose" | "key" | "keyOrClose" | "after";

function scan(text: string): { offset: number; reason: string } | null {
  const n = text.length;
  const stack: ("{" | "[")[] = [];
  let i = 0;
  let state: State = "value";
  const fail = (reason: string) => ({ offset: Math.min(i, n), reason });
  const end = (what: string) => fail(`the file ends where ${what} was expected`);

  /** From an opening quote to just after the closing one; null when fine. */
  const string = (): { offset: number; reason: string } | null => {
    i++;
    for (;;) {
      if (i >= n) return fail("a string is not closed");
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else if (e === "u" && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
        else return fail("a string has an invalid escape sequence");
      } else if (c < 0x20) return fail("a string contains a raw control character or line break");
      else i++;
    }
  };

  for (;;) {
    while (i < n && " \t\n\r".includes(text[i]!)) i++;
    const c = text[i];
    if (state === "value" || state === "valueOrClose") {
      if (c === undefined) return end("a value");
      if (state === "valueOrClose" && c === "]") {
        stack.pop();
        i++;
        state = "after";
      } else if (c === "{") {
        stack.push("{");
        i++;
        state = "keyOrClose";
      } else if (c === "[") {
        stack.push("[");
        i++;
        state = "valueOrClose";
      } else if (c === '"') {
        const bad = string();
        if (bad) return bad;
        state = "after";
      } else if (c === "-" || (c >= "0" && c <= "9")) {
        NUMBER.lastIndex = i;
        const m = NUMBER.exec(text);
        if (!m) return fail("a number is malformed");
        i += m[0].length;
        state = "after";
      } else {
        const word = ["true", "false", "null"].find((w) => text.startsWith(w, i));
        if (!word) return fail("a value (object, array, string, number, true, false or null) was expected");
        i += word.length;
        state = "after";
      }
    } else if (state === "key" || state === "keyOrClose") {
      if (c === undefined) return end("a property name");
      if (state === "keyOrClose" && c === "}") {
        stack.pop();
        i++;
        state = "after";
        continue;
      }
      if (c !== '"') return fail("a double-quoted property name was expected");
      const bad = string();
      if (bad) return bad;
      while (i < n && " \t\n\r".includes(text[i]!)) i++;
      if (text[i] !== ":") return i >= n ? end('":"') : fail('":" was expected after a property name');
      i++;
      state = "value";
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return c === undefined ? null : fail("there is more after the JSON value");
      const close = top === "{" ? "}" : "]";
      if (c === undefined) return end(`"," or "${close}"`);
      if (c === ",") {
        i++;
        state = top === "{" ? "key" : "value";
      } else if (c === close) {
        stack.pop();
        i++;
      } else return fail(`"," or "${close}" was expected`);
    }
  }
}
