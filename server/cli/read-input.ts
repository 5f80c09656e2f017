/**
 * `resources read` of a 2026-07-28 read answered `input_required` (spec: basic/patterns/mrtr):
 * the answers come from `--input name=value` (repeatable), else from a prompt on a terminal, and
 * the read is asked again with them and the echoed `requestState` — a few rounds at most. With
 * neither, one sentence names what the server needs.
 */
import { createInterface } from "node:readline/promises";
import type { ReadResponse } from "@/lib/api/contract";
import {
  asksOf,
  describeAsks,
  fieldPath,
  responsesOf,
  valuesOf,
  type InputAsk,
  type InputValues,
} from "@/lib/api/input-required";

/** Rounds of input_required a read may take before the CLI gives up (the SDK client's default is 10). */
const MAX_ROUNDS = 5;

export class ReadInputError extends Error {}

async function prompt(asks: InputAsk[]): Promise<InputValues> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const values: InputValues = {};
  try {
    for (const ask of asks) {
      if (ask.message) process.stderr.write(`${ask.message}\n`);
      if (ask.url) process.stderr.write(`Open ${ask.url}, then press Enter.\n`);
      for (const field of ask.fields) {
        const choices = field.options ? ` [${field.options.map((o) => o.value).join("/")}]` : "";
        const yesNo = field.kind === "boolean" ? " [y/n]" : "";
        const answer = await rl.question(
          `${fieldPath(asks, ask, field)}${field.required ? " (required)" : ""}${choices}${yesNo}: `,
        );
        (values[ask.key] ??= {})[field.name] = answer;
      }
      if (ask.url && ask.fields.length === 0) await rl.question("");
    }
  } finally {
    rl.close();
  }
  return values;
}

/**
 * The read's answer once its input is given: `read` again (with the answers) until the server
 * gives content, or fail with a sentence when there is nothing to answer with.
 */
export async function answerInputRequired(
  uri: string,
  first: ReadResponse,
  inputs: string[],
  interactive: boolean,
  read: (answer: {
    inputResponses: Record<string, Record<string, unknown>>;
    requestState?: string;
  }) => Promise<ReadResponse>,
): Promise<ReadResponse> {
  let result = first;
  for (let round = 1; result.resultType === "input_required"; round++) {
    const asks = asksOf(result.inputRequests);
    const needs = describeAsks(asks) || "input the CLI cannot give (no form fields)";
    if (round > MAX_ROUNDS || (round > 1 && !interactive))
      throw new ReadInputError(
        `${uri}: the server still asks for input after ${round - 1} answer(s): ${needs}.`,
      );
    let values: InputValues;
    if (inputs.length && round === 1) {
      const parsed = valuesOf(asks, inputs);
      if (parsed.errors.length)
        throw new ReadInputError(`${parsed.errors.join("; ")} (the server asks for: ${needs}).`);
      values = parsed.values;
    } else if (interactive) values = await prompt(asks);
    else
      throw new ReadInputError(
        `${uri} needs input before the server gives content: ${needs}. Pass --input NAME=VALUE (repeatable), or run on a terminal to be asked.`,
      );
    const { inputResponses, errors } = responsesOf(asks, values);
    if (errors.length) throw new ReadInputError(`${errors.join("; ")}.`);
    result = await read({
      inputResponses,
      ...(result.requestState !== undefined ? { requestState: result.requestState } : {}),
    });
  }
  return result;
}
