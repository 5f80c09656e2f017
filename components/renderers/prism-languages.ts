/**
 * Grammars prism-react-renderer's bundle lacks (TOML and shell), registered on its own Prism
 * instance. Adapted from PrismJS's prism-toml.js and prism-bash.js (MIT), trimmed.
 */
import { Prism } from "prism-react-renderer";

const key = /(?:[\w-]+|'[^'\n\r]*'|"(?:\\.|[^\\"\r\n])*")/.source;
const withKey = (pattern: string) => pattern.replace(/__/g, () => key);

if (!Prism.languages["toml"]) {
  Prism.languages["toml"] = {
    comment: { pattern: /#.*/, greedy: true },
    table: {
      pattern: RegExp(withKey(/(^[\t ]*\[\s*(?:\[\s*)?)__(?:\s*\.\s*__)*(?=\s*\])/.source), "m"),
      lookbehind: true,
      greedy: true,
      alias: "class-name",
    },
    key: {
      pattern: RegExp(withKey(/(^[\t ]*|[{,]\s*)__(?:\s*\.\s*__)*(?=\s*=)/.source), "m"),
      lookbehind: true,
      greedy: true,
      alias: "property",
    },
    string: {
      pattern: /"""(?:\\[\s\S]|[^\\])*?"""|'''[\s\S]*?'''|'[^'\n\r]*'|"(?:\\.|[^\\"\r\n])*"/,
      greedy: true,
    },
    date: {
      pattern: /\b\d{4}-\d{2}-\d{2}(?:[T\s]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?)?\b/i,
      alias: "number",
    },
    number:
      /\b0(?:x[\da-zA-Z]+(?:_[\da-zA-Z]+)*|o[0-7]+(?:_[0-7]+)*|b[10]+(?:_[10]+)*)\b|[-+]?\b\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?(?:[eE][+-]?\d+(?:_\d+)*)?\b|[-+]?\b(?:inf|nan)\b/,
    boolean: /\b(?:false|true)\b/,
    punctuation: /[.,=[\]{}]/,
  };
}

// A command word: at the start, or after whitespace, ; | & or a process substitution.
const word = (names: string) => ({
  pattern: RegExp(`(^|[\\s;|&]|[<>]\\()(?:${names})(?=$|[)\\s;|&])`),
  lookbehind: true,
});

if (!Prism.languages["bash"]) {
  Prism.languages["bash"] = {
    shebang: { pattern: /^#!\s*\/.*/, alias: "important" },
    comment: { pattern: /(^|[^"{\\$])#.*/, lookbehind: true },
    string: {
      pattern: /"(?:\\[\s\S]|[^\\"])*"|'[^']*'/,
      greedy: true,
      inside: { variable: /\$\{[^}]+\}|\$\w+/ },
    },
    variable: /\$(?:\w+|[#?*!@$]|\{[^}]+\})/,
    keyword: word("case|do|done|elif|else|esac|fi|for|function|if|in|select|then|until|while"),
    function: word(
      "cat|cd|chmod|cp|curl|echo|eval|exec|exit|export|find|git|grep|kill|local|ls|mkdir|mv|node|npm|npx|printf|read|return|rm|sed|set|shift|sleep|source|tar|tee|test|trap|xargs",
    ),
    boolean: word("false|true"),
    number: { pattern: /(^|\s)(?:[1-9]\d*|0)(?:[.,]\d+)?\b/, lookbehind: true },
    operator: /\d?<>|>\||\+=|=[=~]?|!=?|<<[<-]?|[&\d]?>>|\d[<>]&?|[<>][&=]?|&[>&]?|\|[&|]?/,
    punctuation: /\$?\(\(?|\)\)?|\.\.|[{}[\];\\]/,
  };
}

export { Prism };
