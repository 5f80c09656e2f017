import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { draftProblems, reduceDraft, type DraftAction } from "@/lib/check/draft";
import type { CheckFile, Step, VolatileField } from "@/lib/check/results";
import { StepEditor } from "./step-editor";

const CONNECT: Step = {
  id: "connect",
  action: "connect",
  matchers: {},
  expect: { serverInfo: { name: "demo", version: "1.0.0" } },
};

const READ: Step = {
  id: "read-1",
  action: "read",
  uri: "demo://clock",
  matchers: {
    "/contents/0/text": { type: "regex", pattern: "time \\d+", reason: "changed between the two looks" },
  },
  expect: { contents: [{ uri: "demo://clock", mimeType: "text/plain", text: "time 42 (UTC+1)" }] },
};

/**
 * The step inside a check, edited as the review dialog edits it: every action goes through
 * reduceDraft and the problems come from draftProblems. `onAction` sees each action too.
 */
function Editable({ step, onAction }: { step: Step; onAction: (action: DraftAction) => void }) {
  const [check, setCheck] = useState<CheckFile>({
    version: 3,
    name: "clock",
    server: { preset: "demo", env: {} },
    timeoutMs: 30_000,
    steps: [CONNECT, step],
  });
  const current = check.steps.find((s) => s.id === step.id);
  if (!current) return <p>deleted</p>;
  return (
    <ol>
      <StepEditor
        step={current}
        index={1}
        volatile={[]}
        problems={draftProblems(check).filter((p) => p.stepId === step.id)}
        canMoveUp={false}
        canMoveDown={false}
        canDelete
        onAction={(action) => {
          onAction(action);
          setCheck((c) => reduceDraft(c, action));
        }}
      />
    </ol>
  );
}

function edit(step: Step) {
  const onAction = vi.fn<(action: DraftAction) => void>();
  render(<Editable step={step} onAction={onAction} />);
  return { onAction, user: userEvent.setup() };
}

function renderStep(step: Step, props: Partial<Parameters<typeof StepEditor>[0]> = {}) {
  const onAction = vi.fn<(action: DraftAction) => void>();
  render(
    <ol>
      <StepEditor
        step={step}
        index={2}
        volatile={[]}
        problems={[]}
        canMoveUp
        canMoveDown
        canDelete
        onAction={onAction}
        {...props}
      />
    </ol>,
  );
  return { onAction, user: userEvent.setup() };
}

const matcherType = (path: string) =>
  screen.getByRole<HTMLSelectElement>("combobox", { name: `Compare ${path} as` });

describe("StepEditor header", () => {
  it("shows the step's number, action, target and id", () => {
    renderStep(READ);
    const item = screen.getAllByRole("listitem")[0];
    expect(item?.textContent).toMatch(/^3readdemo:\/\/clockread-1/);
  });

  it("moves a step up or down and deletes it through its buttons, disabled where the draft forbids", async () => {
    const { onAction, user } = renderStep(READ, { canMoveUp: false });
    expect(screen.getByRole("button", { name: "Move read-1 up" })).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("button", { name: "Move read-1 down" }));
    await user.click(screen.getByRole("button", { name: "Delete read-1" }));
    expect(onAction.mock.calls.map(([a]) => a)).toEqual([
      { type: "move", stepId: "read-1", delta: 1 },
      { type: "delete", stepId: "read-1" },
    ]);
  });

  it("keeps the connect step: its delete button is disabled and says why", () => {
    renderStep(CONNECT, { canDelete: false, canMoveUp: false, canMoveDown: false });
    const del = screen.getByRole("button", { name: "Delete connect" });
    expect(del).toHaveProperty("disabled", true);
    expect(del.title).toMatch(/connect step stays/);
  });

  it("shows the step's general problems as alerts", () => {
    renderStep(READ, { problems: [{ stepId: "read-1", message: "The count range is empty (5 > 2)." }] });
    expect(screen.getByRole("alert").textContent).toBe("The count range is empty (5 > 2).");
  });
});

describe("StepEditor matcher rows", () => {
  it("lists each matcher with its type, pattern and the recorder's reason", () => {
    renderStep(READ, {
      volatile: [{ path: "/contents/0/text" } as VolatileField],
    });
    const rows = within(screen.getByRole("list", { name: "Matchers of read-1" })).getAllByRole("listitem");
    expect(rows).toHaveLength(1);
    expect(matcherType("/contents/0/text").value).toBe("regex");
    expect(
      screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Pattern for /contents/0/text" }).value,
    ).toBe("time \\d+");
    expect(rows[0]?.textContent).toContain("changed between the two looks");
    expect(
      screen.getByText(
        /Every other field is compared exactly · the second look found 1 changing by itself\./,
      ),
    ).toBeTruthy();
  });

  it("says every field is compared exactly when there is no matcher", () => {
    renderStep({ ...READ, matchers: {} });
    expect(screen.queryByRole("list", { name: "Matchers of read-1" })).toBeNull();
    expect(screen.getByText("Every field is compared exactly.")).toBeTruthy();
  });

  it('names the whole-value matcher (path "") so it is not an empty cell', () => {
    renderStep({ ...READ, matchers: { "": { type: "json" } } });
    expect(matcherType("(whole value)").value).toBe("json");
    expect(screen.getByRole("button", { name: "Remove matcher for (whole value)" })).toBeTruthy();
  });

  it("switches a matcher's type and keeps the recorder's reason", async () => {
    const { onAction, user } = edit(READ);
    await user.selectOptions(matcherType("/contents/0/text"), "ignore");
    expect(onAction).toHaveBeenLastCalledWith({
      type: "setMatcher",
      stepId: "read-1",
      path: "/contents/0/text",
      matcher: { type: "ignore", reason: "changed between the two looks" },
    });
    expect(matcherType("/contents/0/text").value).toBe("ignore");
    expect(screen.queryByRole("textbox", { name: "Pattern for /contents/0/text" })).toBeNull();
    expect(screen.getByText("changed between the two looks")).toBeTruthy();
  });

  it("starts a new regex from the expected text, escaped, so it matches what was recorded", async () => {
    const { user } = edit({ ...READ, matchers: { "/contents/0/text": { type: "exact" } } });
    await user.selectOptions(matcherType("/contents/0/text"), "regex");
    expect(
      screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Pattern for /contents/0/text" }).value,
    ).toBe("time 42 \\(UTC\\+1\\)");
  });

  it("marks an invalid pattern where it is typed and clears the mark once it compiles", async () => {
    const { user } = edit(READ);
    const pattern = screen.getByRole("textbox", { name: "Pattern for /contents/0/text" });
    await user.clear(pattern);
    await user.type(pattern, "time (");
    expect(pattern.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toMatch(/^Invalid regex:/);
    await user.type(pattern, "\\d+)");
    expect(pattern.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("removes a matcher, so the path is compared exactly again", async () => {
    const { onAction, user } = edit(READ);
    await user.click(screen.getByRole("button", { name: "Remove matcher for /contents/0/text" }));
    expect(onAction).toHaveBeenLastCalledWith({
      type: "removeMatcher",
      stepId: "read-1",
      path: "/contents/0/text",
    });
    expect(screen.queryByRole("list", { name: "Matchers of read-1" })).toBeNull();
  });
});

describe("StepEditor add matcher", () => {
  it("refuses a path that is not a JSON Pointer and says why", async () => {
    const { user } = edit(READ);
    const path = screen.getByRole("combobox", { name: "Path to add a matcher for in read-1" });
    await user.type(path, "contents/0");
    expect(path.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("A path starts with / (JSON Pointer).")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add matcher" })).toHaveProperty("disabled", true);
  });

  it("suggests the expected value's paths once the field is used", async () => {
    const { user } = edit(READ);
    const path = screen.getByRole("combobox", { name: "Path to add a matcher for in read-1" });
    const list = document.getElementById(path.getAttribute("list") ?? "");
    expect(list?.children).toHaveLength(0);
    await user.click(path);
    const options = [...(list?.querySelectorAll("option") ?? [])].map((o) => o.value);
    expect(options).toEqual([
      "/contents",
      "/contents/0",
      "/contents/0/uri",
      "/contents/0/mimeType",
      "/contents/0/text",
    ]);
  });

  it("adds a matcher of the chosen type and empties the field", async () => {
    const { onAction, user } = edit(READ);
    const path = screen.getByRole("combobox", { name: "Path to add a matcher for in read-1" });
    await user.type(path, "/contents/0/mimeType");
    await user.selectOptions(screen.getByRole("combobox", { name: "Matcher type to add in read-1" }), "type");
    await user.click(screen.getByRole("button", { name: "Add matcher" }));
    expect(onAction).toHaveBeenLastCalledWith({
      type: "setMatcher",
      stepId: "read-1",
      path: "/contents/0/mimeType",
      matcher: { type: "type" },
    });
    expect(matcherType("/contents/0/mimeType").value).toBe("type");
    expect(path).toHaveProperty("value", "");
  });
});

describe("StepEditor step options", () => {
  it("edits how long a wait may take, and ignores text that is not a whole number", async () => {
    const wait: Step = {
      id: "updated-1",
      action: "expectUpdated",
      uri: "demo://clock",
      after: "connect",
      withinMs: 5000,
      matchers: {},
    };
    const { onAction, user } = edit(wait);
    const field = screen.getByRole("textbox", { name: /notification expected within/ });
    expect(field.closest("label")?.textContent).toContain("ms after connect");
    await user.clear(field);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    await user.type(field, "2500");
    expect(onAction).toHaveBeenLastCalledWith({ type: "setWithinMs", stepId: "updated-1", withinMs: 2500 });
    await user.type(field, "x");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(onAction).toHaveBeenLastCalledWith({ type: "setWithinMs", stepId: "updated-1", withinMs: 2500 });
  });

  it("edits how a listing is compared: order, contains-at-least and a count range", async () => {
    const list: Step = {
      id: "list-1",
      action: "listResources",
      compare: { ordered: false, containsAtLeast: false },
      matchers: {},
      expect: { items: [{ uri: "demo://a", name: "a" }] },
    };
    const { onAction, user } = edit(list);
    await user.click(screen.getByRole("checkbox", { name: "ordered (else a set keyed by uri)" }));
    expect(onAction).toHaveBeenLastCalledWith({
      type: "setCompare",
      stepId: "list-1",
      compare: { ordered: true },
    });
    await user.click(screen.getByRole("checkbox", { name: "contains at least (extra items are fine)" }));
    expect(onAction).toHaveBeenLastCalledWith({
      type: "setCompare",
      stepId: "list-1",
      compare: { containsAtLeast: true },
    });
    const range = screen.getByRole("group", { name: "Item count range of list-1" });
    await user.type(within(range).getByRole("textbox", { name: "count from" }), "5");
    await user.type(within(range).getByRole("textbox", { name: "to" }), "2");
    expect(onAction).toHaveBeenLastCalledWith({
      type: "setCompare",
      stepId: "list-1",
      compare: { count: { min: 5, max: 2 } },
    });
    expect(screen.getByRole("alert").textContent).toBe("The count range is empty (5 > 2).");
  });

  it("shows a list change by shape beside the URIs it was inferred from, and pins them in one click", async () => {
    const change: Step = {
      id: "list-changed-1",
      action: "expectListChanged",
      after: "connect",
      withinMs: 5000,
      matchers: {},
      added: [],
      removed: [],
      addedShape: {
        count: { min: 2 },
        pattern: "fixture://added-\\d+",
        examples: ["fixture://added-1", "fixture://added-2", "fixture://added-3"],
      },
    };
    const { onAction, user } = edit(change);
    const added = screen.getByRole("region", { name: "Added URIs of list-changed-1" });
    expect(added.textContent).toContain("at least 2 URIs matching /fixture://added-\\d+/");
    expect(added.textContent).toContain(
      "inferred from fixture://added-1, fixture://added-2, fixture://added-3",
    );
    await user.click(within(added).getByRole("button", { name: "Pin exact URIs" }));
    expect(onAction).toHaveBeenLastCalledWith({ type: "pinUris", stepId: "list-changed-1", side: "added" });
    const pinned = screen.getByRole("region", { name: "Added URIs of list-changed-1" });
    expect(pinned.textContent).toBe(
      "Added, pinned exactly: fixture://added-1, fixture://added-2, fixture://added-3",
    );
    expect(within(pinned).queryByRole("button")).toBeNull();
  });
});
