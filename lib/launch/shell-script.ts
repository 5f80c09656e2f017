/**
 * Reads a shell script (the text after `sh -c`) into pipelines of simple commands, only so the
 * consent step can warn about what the script runs. It never decides what is spawned; that stays
 * `parseCommandLine`, which refuses shell syntax outright.
 *
 * Hand-written rather than shell-quote's `parse`, which (1.12) does not end a command at a newline
 * and treats `#` inside a word as a comment to the end of the text, so `sh -c 'echo a#b; sudo x'`
 * would hide the `sudo`. Where this reader is unsure it errs towards seeing more commands: a
 * here-document's lines are read as commands, and the word after a closing backtick starts one.
 */

export interface ScriptCommand {
  /** Words with quotes removed; a substitution stays as written (`$(curl x)`). Redirections left out. */
  words: string[];
  /** The bodies of `$(…)`, `` `…` ``, `<(…)` and `>(…)` found in this command, each a script. */
  substitutions: string[];
}

/** Commands joined by `|` or `|&`; `;`, `&&`, `||`, `&` and newlines separate pipelines. */
export type Pipeline = ScriptCommand[];

const ANSI_C: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Index just past the `)` that closes a `(` opened before `start`, or the text's end. */
function closingParen(text: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      i = close < 0 ? text.length : close + 1;
    } else if (c === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i += 1;
    } else if (c === "(") {
      depth += 1;
      i += 1;
    } else if (c === ")") {
      depth -= 1;
      i += 1;
      if (depth === 0) return i;
    } else i += 1;
  }
  return text.length;
}

/** Index just past the backtick closing one opened before `start`, or the text's end. */
function closingBacktick(text: string, start: number): number {
  let i = start;
  while (i < text.length && text[i] !== "`") i += text[i] === "\\" ? 2 : 1;
  return Math.min(i + 1, text.length);
}

function decodeAnsiC(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i] ?? "";
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = body[i + 1] ?? "";
    const hex = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8}))/.exec(body.slice(i + 1));
    if (hex) {
      const code = parseInt(hex[1] ?? hex[2] ?? hex[3] ?? "0", 16);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : "";
      i += hex[0].length;
    } else if (ANSI_C[next] !== undefined) {
      out += ANSI_C[next];
      i += 1;
    } else {
      out += c + next;
      i += 1;
    }
  }
  return out;
}

/** Splits a script into pipelines of simple commands; see the module comment for its limits. */
export function readScript(text: string): Pipeline[] {
  const pipelines: Pipeline[] = [];
  let pipeline: Pipeline = [];
  let command: ScriptCommand = { words: [], substitutions: [] };
  let word = "";
  let inWord = false;
  // The next word is a redirection's target (a file), not an argument.
  let redirectTarget = false;

  const endWord = () => {
    if (inWord) {
      if (redirectTarget) redirectTarget = false;
      else command.words.push(word);
    }
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (command.words.length > 0 || command.substitutions.length > 0) pipeline.push(command);
    command = { words: [], substitutions: [] };
  };
  const endPipeline = () => {
    endCommand();
    if (pipeline.length > 0) pipelines.push(pipeline);
    pipeline = [];
  };
  /** Reads `$(…)` or `<(…)` whose `(` is at `open`; returns the index after it. */
  const substitute = (open: number, prefix: string): number => {
    const end = closingParen(text, open + 1);
    const body = text.slice(open + 1, text[end - 1] === ")" ? end - 1 : end);
    command.substitutions.push(body);
    word += `${prefix}(${body})`;
    inWord = true;
    return end;
  };
  const backtick = (open: number): number => {
    const end = closingBacktick(text, open + 1);
    const body = text.slice(open + 1, text[end - 1] === "`" ? end - 1 : end);
    command.substitutions.push(body);
    word += `\`${body}\``;
    inWord = true;
    return end;
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? "";
    if (c === "\\") {
      const next = text[i + 1];
      if (next !== undefined && next !== "\n") {
        word += next;
        inWord = true;
      }
      i += 2;
    } else if (c === " " || c === "\t" || c === "\r") {
      endWord();
      i += 1;
    } else if (c === "\n") {
      endPipeline();
      i += 1;
    } else if (c === "#" && !inWord) {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? text.length : eol;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      word += text.slice(i + 1, close < 0 ? text.length : close);
      inWord = true;
      i = close < 0 ? text.length : close + 1;
    } else if (c === '"') {
      inWord = true;
      i += 1;
      while (i < text.length && text[i] !== '"') {
        const d = text[i] ?? "";
        const next = text[i + 1] ?? "";
        if (d === "\\" && '"\\$`\n'.includes(next) && next !== "") {
          if (next !== "\n") word += next;
          i += 2;
        } else if (d === "$" && next === "(") {
          i = substitute(i + 1, "$");
        } else if (d === "`") {
          i = backtick(i);
        } else {
          word += d;
          i += 1;
        }
      }
      i += 1;
    } else if (c === "$" && text[i + 1] === "'") {
      let j = i + 2;
      while (j < text.length && text[j] !== "'") j += text[j] === "\\" ? 2 : 1;
      word += decodeAnsiC(text.slice(i + 2, Math.min(j, text.length)));
      inWord = true;
      i = j + 1;
    } else if (c === "$" && text[i + 1] === "(") {
      i = substitute(i + 1, "$");
    } else if (c === "`") {
      i = backtick(i);
    } else if ((c === "<" || c === ">") && text[i + 1] === "(") {
      endWord();
      i = substitute(i + 1, c);
      endWord();
    } else if (c === "|" && text[i + 1] === "|") {
      endPipeline();
      i += 2;
    } else if (c === "|") {
      endCommand();
      i += text[i + 1] === "&" ? 2 : 1; // `|&`: a pipe that also carries stderr
    } else if (c === "&" && text[i + 1] === ">") {
      endWord();
      redirectTarget = true;
      i += text[i + 2] === ">" ? 3 : 2;
    } else if (c === "&" || c === ";") {
      endPipeline();
      i += text[i + 1] === c ? 2 : 1;
    } else if (c === "(" || c === ")") {
      endCommand();
      i += 1;
    } else if (c === "<" || c === ">") {
      // `2>`: the digits name a file descriptor, not an argument.
      if (inWord && /^\d+$/.test(word)) {
        word = "";
        inWord = false;
      }
      endWord();
      const op = /^(?:<<<|<<-|<<|>>|>&|<&|>\||<>|<|>)/.exec(text.slice(i))?.[0] ?? c;
      i += op.length;
      redirectTarget = true;
    } else {
      word += c;
      inWord = true;
      i += 1;
    }
  }
  endPipeline();
  return pipelines;
}
