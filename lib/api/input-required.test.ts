import { describe, expect, it } from "vitest";
import { asksOf, describeAsks, responsesOf, valuesOf } from "./input-required";
import { PROFILE_REQUEST } from "./input-required-testing";

/** modern://form's request, and a field of a type the form cannot show. */
const REQUESTS = {
  profile: {
    ...PROFILE_REQUEST,
    params: {
      ...PROFILE_REQUEST.params,
      requestedSchema: {
        ...PROFILE_REQUEST.params.requestedSchema,
        properties: {
          ...PROFILE_REQUEST.params.requestedSchema.properties,
          tags: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
};

describe("asksOf: input requests → fields", () => {
  it("builds typed fields from the requestedSchema, required ones marked, unknown types named", () => {
    const [ask] = asksOf(REQUESTS);
    expect(ask).toMatchObject({ key: "profile", method: "elicitation/create", message: "Who is asking?" });
    expect(ask!.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["name", "string", true],
      ["age", "integer", false],
      ["colour", "enum", false],
      ["newsletter", "boolean", false],
    ]);
    expect(ask!.fields[2]!.options).toEqual(["red", "green", "blue"].map((v) => ({ value: v, label: v })));
    expect(ask!.skipped).toEqual(["tags"]);
  });

  it("titled enums (oneOf), roots answered for the user, sampling and garbage left unanswered", () => {
    const asks = asksOf({
      pick: {
        method: "elicitation/create",
        params: {
          requestedSchema: {
            properties: { size: { type: "string", oneOf: [{ const: "s", title: "Small" }, { const: "l" }] } },
          },
        },
      },
      roots: { method: "roots/list" },
      llm: { method: "sampling/createMessage", params: {} },
      junk: 42,
    });
    expect(asks[0]!.fields[0]!.options).toEqual([
      { value: "s", label: "Small" },
      { value: "l", label: "l" },
    ]);
    expect(asks[1]!.automatic).toEqual({ roots: [] });
    expect(asks[2]!.unsupported).toMatch(/does not sample a model/);
    expect(asks[3]!.unsupported).toMatch(/without a method/);
    expect(responsesOf(asks, { pick: { size: "l" } }).inputResponses).toEqual({
      pick: { action: "accept", content: { size: "l" } },
      roots: { roots: [] },
    });
  });
});

describe("responsesOf: values → inputResponses", () => {
  const asks = asksOf(REQUESTS);

  it("coerces each value to its type, keyed like the requests", () => {
    const { inputResponses, errors } = responsesOf(asks, {
      profile: { name: "Ada", age: "36", colour: "blue", newsletter: true },
    });
    expect(errors).toEqual([]);
    expect(inputResponses).toEqual({
      profile: { action: "accept", content: { name: "Ada", age: 36, colour: "blue", newsletter: true } },
    });
  });

  it("refuses a missing required field and values of the wrong type, one sentence each", () => {
    const { errors } = responsesOf(asks, { profile: { age: "3.5", colour: "pink", newsletter: "maybe" } });
    expect(errors).toEqual([
      "Name is required",
      "Age must be a whole number",
      "Colour must be one of red, green, blue",
      "Newsletter must be true or false",
    ]);
  });

  it("declines every elicitation without looking at the fields", () => {
    expect(responsesOf(asks, {}, "decline")).toEqual({
      inputResponses: { profile: { action: "decline" } },
      errors: [],
    });
  });
});

describe("the CLI's --input name=value", () => {
  const asks = asksOf(REQUESTS);

  it("finds each name's request and says what is needed", () => {
    expect(valuesOf(asks, ["name=Ada", "age=7", "newsletter=yes"])).toEqual({
      values: { profile: { name: "Ada", age: "7", newsletter: "yes" } },
      errors: [],
    });
    expect(describeAsks(asks)).toBe(
      "name (text, required), age (whole number), colour (one of red|green|blue), newsletter (true/false)",
    );
  });

  it("refuses a name the server did not ask for, or no value", () => {
    expect(valuesOf(asks, ["nmae=Ada", "age"]).errors).toEqual([
      '--input nmae: the server did not ask for "nmae"',
      "--input age needs a value: --input age=VALUE",
    ]);
  });

  it("a name two requests share is asked as key.name", () => {
    const two = asksOf({ a: REQUESTS.profile, b: REQUESTS.profile });
    expect(valuesOf(two, ["b.name=Bo"]).values).toEqual({ b: { name: "Bo" } });
    expect(valuesOf(two, ["name=Bo"]).errors[0]).toMatch(/did not ask for "name"/);
  });
});
