/**
 * modern://form's input request as the v2 server SDK sends it (e2e/fixtures/servers/modern-server.mjs
 * asks for the same fields): one sample for the tests of the form's parts.
 */
export const PROFILE_REQUEST = {
  method: "elicitation/create",
  params: {
    mode: "form",
    message: "Who is asking?",
    requestedSchema: {
      type: "object",
      properties: {
        name: { type: "string", title: "Name", description: "How to greet you" },
        age: { type: "integer", title: "Age", minimum: 0 },
        colour: { type: "string", title: "Colour", enum: ["red", "green", "blue"] },
        newsletter: { type: "boolean", title: "Newsletter" },
      } as Record<string, Record<string, unknown>>,
      required: ["name"],
    },
  },
};
