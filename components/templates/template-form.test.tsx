import type { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { expectOnlySeededQueries, renderWithQueries } from "@/components/testing/query-client";
import type { CompleteBody, CompleteResponse } from "@/lib/api/contract";
import { queryKeys } from "@/lib/api/queries";
import { TemplateForm } from "./template-form";

expectOnlySeededQueries();

const SESSION = "s1";

function renderForm(
  uriTemplate: string,
  { canComplete = false, seed }: { canComplete?: boolean; seed?: (client: QueryClient) => void } = {},
) {
  const onRead = vi.fn<(uri: string) => void>();
  const user = userEvent.setup();
  renderWithQueries(
    <TemplateForm
      sessionId={SESSION}
      serverName="demo"
      template={{ uriTemplate, name: "t" }}
      canComplete={canComplete}
      onRead={onRead}
    />,
    seed,
  );
  return { user, onRead };
}

/** What the server would answer for this argument, value and context, put in the cache. */
function answer(
  client: QueryClient,
  uriTemplate: string,
  argument: CompleteBody["argument"],
  response: CompleteResponse,
  context?: Record<string, string>,
) {
  const body: CompleteBody = { uriTemplate, argument, ...(context ? { context } : {}) };
  client.setQueryData(queryKeys.completion(SESSION, body), response);
}

/** The field's description: the text its aria-describedby points at. */
function hintOf(field: HTMLElement): string {
  const id = field.getAttribute("aria-describedby");
  return (id && document.getElementById(id)?.textContent) ?? "";
}

const expandedUri = () => screen.getByRole("status", { name: "Expanded URI" }).textContent;

describe("TemplateField hints", () => {
  it.each([
    ["{v}", "value, percent-encoded"],
    ["{+v}", "reserved characters such as / ? # kept as typed"],
    ["{#v}", "fragment (#…), reserved characters kept"],
    ["{.v}", "label (.…)"],
    ["{/v}", "path segment (/…)"],
    ["{;v}", "path parameter (;name=…)"],
    ["{?v}", "query parameter (?name=…)"],
    ["{&v}", "query continuation (&name=…)"],
  ])("describes a %s variable as: %s", (expression, hint) => {
    renderForm(`demo://x${expression}`);
    expect(hintOf(screen.getByRole("textbox", { name: "v" }))).toBe(hint);
  });

  it("says an exploded variable takes a comma-separated list and a prefix variable is cut", () => {
    renderForm("demo://x{/segments*}{?q:3}");
    expect(hintOf(screen.getByRole("textbox", { name: "segments" }))).toBe(
      "path segment (/…); a list: separate items with commas",
    );
    expect(hintOf(screen.getByRole("textbox", { name: "q" }))).toBe(
      "query parameter (?name=…); only the first 3 characters are used",
    );
  });

  it("gives one field per variable, in order of first appearance, even when a name repeats", () => {
    renderForm("demo://{owner}/{repo}{?owner,ref}");
    const byName = ["owner", "repo", "ref"].map((name) => screen.getByRole("textbox", { name }));
    expect(screen.getAllByRole("textbox")).toEqual(byName);
  });
});

describe("TemplateForm", () => {
  it("expands the URI as the user types: encoded per operator, lists split on commas, blanks left out", async () => {
    const { user } = renderForm("demo://{+base}/files{/path*}{?q,lang}");
    expect(expandedUri()).toBe("demo:///files");
    await user.type(screen.getByRole("textbox", { name: "base" }), "a/b");
    await user.type(screen.getByRole("textbox", { name: "path" }), "x y,z");
    await user.type(screen.getByRole("textbox", { name: "q" }), "π&1");
    expect(expandedUri()).toBe("demo://a/b/files/x%20y/z?q=%CF%80%261");
  });

  it("reads the expanded URI on submit and offers the values again as a recent entry", async () => {
    const { user, onRead } = renderForm("demo://{owner}/{repo}");
    await user.type(screen.getByRole("textbox", { name: "owner" }), "acme");
    await user.type(screen.getByRole("textbox", { name: "repo" }), "app");
    await user.click(screen.getByRole("button", { name: "Read" }));
    expect(onRead).toHaveBeenCalledWith("demo://acme/app");

    await user.clear(screen.getByRole("textbox", { name: "owner" }));
    await user.clear(screen.getByRole("textbox", { name: "repo" }));
    expect(expandedUri()).toBe("demo:///");
    await user.click(screen.getByRole("button", { name: "acme · app" }));
    expect(screen.getByRole("textbox", { name: "owner" })).toHaveProperty("value", "acme");
    expect(expandedUri()).toBe("demo://acme/app");
  });

  it("says why an invalid template cannot be filled in, instead of a form", () => {
    renderForm("demo://{unclosed");
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByText(/This is not a valid RFC 6570 template/)).toBeTruthy();
  });
});

describe("TemplateField completions", () => {
  const TEMPLATE = "demo://{owner}/{repo}";

  it("is a plain text field, with no listbox, when the server cannot complete", () => {
    renderForm(TEMPLATE, { canComplete: false });
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("listbox", { hidden: true })).toBeNull();
  });

  it("lists the server's suggestions when the field gets focus", async () => {
    const { user } = renderForm(TEMPLATE, {
      canComplete: true,
      seed: (c) => answer(c, TEMPLATE, { name: "owner", value: "" }, { values: ["acme", "globex"] }),
    });
    const owner = screen.getByRole("combobox", { name: "owner" });
    expect(owner.getAttribute("aria-expanded")).toBe("false");
    await user.click(owner);
    const list = screen.getByRole("listbox", { name: "Suggestions for owner" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["acme", "globex"]);
    expect(owner.getAttribute("aria-expanded")).toBe("true");
  });

  it("moves through the suggestions with the arrows, wrapping, and picks one with Enter without submitting", async () => {
    const { user, onRead } = renderForm(TEMPLATE, {
      canComplete: true,
      seed: (c) =>
        answer(c, TEMPLATE, { name: "owner", value: "" }, { values: ["acme", "globex", "initech"] }),
    });
    const owner = screen.getByRole("combobox", { name: "owner" });
    await user.click(owner);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const active = () => document.getElementById(owner.getAttribute("aria-activedescendant") ?? "");
    expect(active()?.textContent).toBe("globex");
    expect(active()?.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(active()?.textContent).toBe("initech");
    await user.keyboard("{Enter}");
    expect(owner).toHaveProperty("value", "initech");
    expect(owner.getAttribute("aria-expanded")).toBe("false");
    expect(onRead).not.toHaveBeenCalled();
    expect(expandedUri()).toBe("demo://initech/");
  });

  it("closes the list with Escape and picks a suggestion by click", async () => {
    const { user } = renderForm(TEMPLATE, {
      canComplete: true,
      seed: (c) => answer(c, TEMPLATE, { name: "owner", value: "" }, { values: ["acme", "globex"] }),
    });
    const owner = screen.getByRole("combobox", { name: "owner" });
    await user.click(owner);
    await user.keyboard("{Escape}");
    expect(owner.getAttribute("aria-expanded")).toBe("false");
    await user.keyboard("{ArrowDown}");
    expect(owner.getAttribute("aria-expanded")).toBe("true");
    await user.click(screen.getByRole("option", { name: "globex" }));
    expect(owner).toHaveProperty("value", "globex");
    expect(document.activeElement).toBe(owner);
  });

  it("asks again for the typed value and says when the server has more than it listed", async () => {
    const { user } = renderForm(TEMPLATE, {
      canComplete: true,
      seed: (c) => {
        answer(c, TEMPLATE, { name: "owner", value: "" }, { values: ["acme", "globex"] });
        answer(
          c,
          TEMPLATE,
          { name: "owner", value: "g" },
          { values: ["globex", "gringotts"], hasMore: true },
        );
      },
    });
    await user.type(screen.getByRole("combobox", { name: "owner" }), "g");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["globex", "gringotts"]),
    );
    expect(screen.getByText("more available: keep typing")).toBeTruthy();
  });

  it("sends the other filled-in fields as context and hides a suggestion equal to the value", async () => {
    const { user } = renderForm(TEMPLATE, {
      canComplete: true,
      seed: (c) => {
        answer(c, TEMPLATE, { name: "owner", value: "" }, { values: ["acme"] });
        // Each prefix too: on a slow machine a keystroke can outlast the debounce.
        for (const typed of ["a", "ac", "acm"])
          answer(c, TEMPLATE, { name: "owner", value: typed }, { values: [] });
        answer(c, TEMPLATE, { name: "owner", value: "acme" }, { values: ["acme"] });
        answer(c, TEMPLATE, { name: "repo", value: "" }, { values: ["wrong"] });
        answer(
          c,
          TEMPLATE,
          { name: "repo", value: "" },
          { values: ["rockets", "anvils"] },
          { owner: "acme" },
        );
      },
    });
    await user.type(screen.getByRole("combobox", { name: "owner" }), "acme");
    // The only suggestion is what is typed already: nothing to offer.
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "owner" }).getAttribute("aria-expanded")).toBe("false"),
    );
    await user.click(screen.getByRole("combobox", { name: "repo" }));
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["rockets", "anvils"]),
    );
  });
});
