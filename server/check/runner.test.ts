/**
 * The runner against the real demo server: a template read expands its template exactly as
 * RFC 6570 says (lib/resources/uri-template.ts), operators the SDK's UriTemplate lacks included.
 */
import { describe, expect, it } from "vitest";
import { checkFileSchema, type CheckFileInput } from "@/lib/check/schema";
import { RFC6570_ECHO_TEMPLATE } from "@/server/demo/templates";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { runCheck } from "./runner";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

noLeftoverProcessesAfterAll();

// RFC 6570 §3.2.1's variables and its expansions of {;x}, {var:3} and {/list*}.
const ARGS = { x: "1024", var: "value", list: ["red", "green", "blue"] };
const RFC_URI = "demo://echo;x=1024/val/red/green/blue";

function echoCheck(expectedUri: string): CheckFileInput {
  return {
    version: 1,
    name: "rfc 6570 template read",
    server: { preset: "demo", env: { [TEST_MARK_VAR]: testMark() } },
    steps: [
      { id: "connect", action: "connect", expect: {} },
      {
        id: "echo",
        action: "readTemplate",
        uriTemplate: RFC6570_ECHO_TEMPLATE,
        arguments: ARGS,
        // The text names the variables in the server's order: compare it as JSON.
        matchers: { "/contents/0/text": { type: "json" } },
        expect: {
          uri: expectedUri,
          contents: [
            {
              uri: expectedUri,
              mimeType: "application/json",
              text: JSON.stringify({
                uri: expectedUri,
                variables: { var: "val", x: "1024", list: ARGS.list },
              }),
            },
          ],
        },
      },
    ],
  };
}

describe("runCheck: readTemplate", () => {
  it("expands {;x}, {var:3} and {/list*} as RFC 6570 says, and the server reads that uri", async () => {
    const check = checkFileSchema.parse(echoCheck(RFC_URI));
    const { result, updated } = await runCheck(check, { dir: process.cwd(), vars: {}, update: true });
    expect(result.steps.map((s) => [s.id, s.status, s.error])).toEqual([
      ["connect", "passed", undefined],
      ["echo", "passed", undefined],
    ]);
    expect(result.steps[1]?.uri).toBe(RFC_URI);
    const step = updated?.steps[1];
    expect(step?.action === "readTemplate" && step.expect.uri).toBe(RFC_URI);
  });

  it("fails a template read whose recorded uri is not the RFC 6570 expansion, naming /uri", async () => {
    // What the SDK's UriTemplate made of this template: it knows neither `;` nor `:3`.
    const sdkUri = "demo://echo//red/green/blue";
    const { result } = await runCheck(checkFileSchema.parse(echoCheck(sdkUri)), {
      dir: process.cwd(),
      vars: {},
    });
    const echo = result.steps[1];
    expect(echo?.status).toBe("failed");
    expect(echo?.mismatches.find((m) => m.path === "/uri")).toMatchObject({
      expected: sdkUri,
      actual: RFC_URI,
    });
  });
});
