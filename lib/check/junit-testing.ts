/**
 * Test helper (used by junit.test.ts and the CLI test): is a JUnit report well-formed XML 1.0,
 * and what does a parser read from it. fast-xml-parser's XMLValidator checks the structure (tags
 * nest and close, attributes are quoted) but accepts characters XML 1.0 forbids — C0 controls,
 * unpaired surrogates, a bare `&` or `<` in an attribute, `]]>` in text — so those rules of the
 * spec are checked here as well.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

// XML 1.0 §2.2 Char.
const NOT_XML_CHAR = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
const REFERENCE = /^&(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;

/** Every way `xml` breaks XML 1.0 well-formedness that this helper knows of; [] when none. */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: false });
  if (valid !== true)
    problems.push(`XMLValidator: ${valid.err.code} ${valid.err.msg} (line ${valid.err.line})`);
  const bad = NOT_XML_CHAR.exec(xml);
  if (bad) problems.push(`character U+${bad[0].charCodeAt(0).toString(16)} is not allowed (§2.2)`);
  // §2.4: `]]>` may not appear in character data (this reporter writes no CDATA sections).
  if (xml.includes("]]>")) problems.push("`]]>` outside a CDATA section (§2.4)");
  for (let i = xml.indexOf("&"); i !== -1; i = xml.indexOf("&", i + 1)) {
    const ref = REFERENCE.exec(xml.slice(i, i + 12));
    if (!ref) {
      problems.push(`bare & at ${i} (§2.4)`);
      continue;
    }
    const num = /^&#(x?)([0-9a-fA-F]+);/.exec(ref[0]);
    if (num) {
      const code = parseInt(num[2]!, num[1] ? 16 : 10);
      if (code > 0x10ffff || NOT_XML_CHAR.test(String.fromCodePoint(code)))
        problems.push(`reference ${ref[0]} names a character XML forbids (§4.1 WFC: Legal Character)`);
    }
  }
  // Attribute values: no `<` (§3.1 WFC: No < in Attribute Values), and no raw tab/CR/LF, which a
  // conforming parser turns into spaces (§3.3.3 attribute-value normalization).
  for (const value of attributeValues(xml)) {
    if (value.includes("<")) problems.push(`< in an attribute value: ${value.slice(0, 40)}`);
    if (/[\t\r\n]/.test(value)) problems.push(`raw tab/CR/LF in an attribute value: ${value.slice(0, 40)}`);
  }
  return problems;
}

/** The quoted values inside tags (a small scanner: outside a tag `<` opens one, `>` in it closes it). */
function attributeValues(xml: string): string[] {
  const values: string[] = [];
  let inTag = false;
  for (let i = 0; i < xml.length; i++) {
    const c = xml[i];
    if (!inTag) inTag = c === "<";
    else if (c === ">") inTag = false;
    else if (c === '"' || c === "'") {
      const end = xml.indexOf(c, i + 1);
      if (end === -1) break;
      values.push(xml.slice(i + 1, end));
      i = end;
    }
  }
  return values;
}

export interface ParsedTestcase {
  classname: string;
  name: string;
  time: string;
  failure?: { message: string; "#text"?: string };
  error?: { message: string };
  skipped?: { message: string };
}
export interface ParsedTestsuite {
  name: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  time: string;
  file?: string;
  testcase: ParsedTestcase[];
}
export interface ParsedReport {
  testsuites: {
    name: string;
    tests: string;
    failures: string;
    errors: string;
    skipped: string;
    testsuite: ParsedTestsuite[];
  };
}

/** What a parser reads from the report: attributes and text as strings, references decoded. */
export function parseJUnit(xml: string): ParsedReport {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    // Decode numeric character references (&#10;) as well as the five predefined entities.
    htmlEntities: true,
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => name === "testsuite" || name === "testcase",
  });
  return parser.parse(xml) as ParsedReport;
}
