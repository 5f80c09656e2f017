import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import type { ReadResponse } from "@/lib/api/contract";
import { PROFILE_REQUEST } from "@/lib/api/input-required-testing";
import { queryKeys } from "@/lib/api/queries";
import { InputRequiredForm } from "./input-required-form";

const api = stubApi();
const URI = "modern://form";

/** modern://form's input_required answer, as the v2 server SDK sends it. */
const ASKED: ReadResponse = {
  contents: [],
  resultType: "input_required",
  requestState: "form-round-1",
  inputRequests: { profile: PROFILE_REQUEST },
};
const ANSWERED: ReadResponse = { contents: [{ uri: URI, mimeType: "text/plain", text: "hello Ada" }] };

function showForm() {
  const user = userEvent.setup();
  const view = renderWithQueries(<InputRequiredForm sessionId="s1" uri={URI} read={ASKED} />, (c) =>
    c.setQueryData(queryKeys.read("s1", URI), ASKED),
  );
  return { user, ...view };
}

describe("InputRequiredForm", () => {
  it("shows each requested field by its type; sending reads again with inputResponses and the echoed requestState", async () => {
    api.serve({ "POST /api/sessions/s1/read": { json: ANSWERED } });
    const { user, client } = showForm();
    expect(screen.getByText("Who is asking?")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("spinbutton", { name: "Age" }), "36");
    await user.selectOptions(screen.getByRole("combobox", { name: "Colour" }), "green");
    await user.click(screen.getByRole("checkbox", { name: "Newsletter" }));
    await user.click(screen.getByRole("button", { name: "Send and read" }));

    await waitFor(() => expect(client.getQueryData(queryKeys.read("s1", URI))).toEqual(ANSWERED));
    expect(api.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "POST",
        "/api/sessions/s1/read",
        {
          uri: URI,
          inputResponses: {
            profile: {
              action: "accept",
              content: { name: "Ada", age: 36, colour: "green", newsletter: true },
            },
          },
          requestState: "form-round-1",
        },
      ],
    ]);
  });

  it("a missing required field is said and nothing is sent; Decline sends a decline", async () => {
    api.serve({ "POST /api/sessions/s1/read": { json: ANSWERED } });
    const { user } = showForm();
    await user.click(screen.getByRole("button", { name: "Send and read" }));
    expect(screen.getByRole("alert").textContent).toContain("Name is required");
    expect(api.requests).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.body).toEqual({
      uri: URI,
      inputResponses: { profile: { action: "decline" } },
      requestState: "form-round-1",
    });
  });

  it("a failed answer is shown, and the form stays to try again", async () => {
    api.serve({
      "POST /api/sessions/s1/read": { status: 502, code: "server_error", message: "boom", mcpCode: -32603 },
    });
    const { user } = showForm();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.click(screen.getByRole("button", { name: "Send and read" }));
    expect((await screen.findByRole("alert")).textContent).toContain("boom");
    expect(screen.getByRole("button", { name: "Send and read" })).toBeTruthy();
  });
});
