/**
 * Redaction of resolved values from results, and which names of the inspector's environment a
 * check run in the app may use.
 */
import { describe, expect, it } from "vitest";
import { allowedEnvNames, redactResults, redactor } from "./app-run";

describe("redactor", () => {
  it("replaces a long value wherever it occurs, also JSON-escaped", () => {
    const redact = redactor(['s3cr"et-value\\42']);
    expect(redact('bad token s3cr"et-value\\42!')).toBe("bad token [redacted]!");
    expect(redact(JSON.stringify({ token: 's3cr"et-value\\42' }))).toBe('{"token":"[redacted]"}');
    expect(redact('xxs3cr"et-value\\42yy')).toBe("xx[redacted]yy");
  });

  it("replaces a short value (2 to 7 characters) only as a whole word, so ordinary words keep their letters", () => {
    const redact = redactor(["one", "42"]);
    expect(redact("variant one is done; someone; one-two; port 42, 420")).toBe(
      "variant [redacted] is done; someone; [redacted]-two; port [redacted], 420",
    );
  });

  it("never blanks single characters or empty values", () => {
    const redact = redactor(["a", "", "1"]);
    expect(redact("a 1 banana")).toBe("a 1 banana");
  });

  it("prefers the longest value where values overlap", () => {
    expect(redactor(["token", "token-long-value"])("x token-long-value y")).toBe("x [redacted] y");
  });
});

describe("redactResults", () => {
  it("walks every string of every result, keys included", () => {
    const secret = "tok-0123456789";
    const results = [
      {
        name: "n",
        error: `Could not start "${secret}"`,
        stderrTail: [`line ${secret}`],
        steps: [{ mismatches: [{ actual: { [secret]: [secret, 1, null, true] } }] }],
      },
    ];
    expect(JSON.stringify(redactResults(results, [secret]))).not.toContain(secret);
    expect(redactResults(results, [secret])[0]!.error).toBe('Could not start "[redacted]"');
  });
});

describe("allowedEnvNames", () => {
  it("takes comma-separated names, ignoring blanks, malformed names and MCP_INSPECTOR_*", () => {
    const env = (value?: string) => ({ MCP_INSPECTOR_CHECK_ENV: value });
    expect(allowedEnvNames(env(" API_KEY, ,HOME,1BAD,a-b,MCP_INSPECTOR_TOKEN , _X"))).toEqual([
      "API_KEY",
      "HOME",
      "_X",
    ]);
    expect(allowedEnvNames(env())).toEqual([]);
  });
});
