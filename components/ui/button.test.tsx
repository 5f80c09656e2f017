import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button, type ButtonProps } from "./button";

/** The class list as a sorted set: the order of classes in the attribute changes no pixel. */
const sortedClasses = (element: HTMLElement) => [...element.classList].sort();

describe("Button", () => {
  it.each<[ButtonProps["variant"], Omit<ButtonProps, "variant">, string]>([
    [
      "primary",
      {},
      "rounded-md bg-zinc-900 px-3 py-1 text-xs font-medium text-white hover:bg-zinc-700 disabled:opacity-60",
    ],
    [
      "secondary",
      { className: "self-end shadow-xs" },
      "self-end rounded-md border border-zinc-300 bg-white px-3 py-1 text-xs font-medium text-zinc-800 shadow-xs hover:bg-zinc-100 disabled:opacity-40",
    ],
    [
      "primary",
      { size: "sm", dimmed: 40 },
      "rounded bg-zinc-900 px-3 py-1 text-[11px] font-medium text-white hover:bg-zinc-700 disabled:opacity-40",
    ],
    [
      "tool",
      { size: "xs", dimmed: "none", className: "shrink-0" },
      "shrink-0 rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-[11px] font-medium text-zinc-700 hover:bg-zinc-100",
    ],
  ])("renders exactly the classes the hand-written %s button had (%o)", (variant, props, classes) => {
    render(
      <Button variant={variant} {...props}>
        Go
      </Button>,
    );
    expect(sortedClasses(screen.getByRole("button"))).toEqual(classes.split(" ").sort());
  });

  it("is a real button of type button unless told, passing through disabled, aria and clicks", async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={(e) => e.preventDefault()}>
        <Button variant="secondary" onClick={onClick} aria-describedby="hint">
          Edit
        </Button>
        <Button variant="primary" type="submit" disabled>
          Run
        </Button>
      </form>,
    );
    const edit = screen.getByRole("button", { name: "Edit" });
    expect(edit.getAttribute("type")).toBe("button");
    expect(edit.getAttribute("aria-describedby")).toBe("hint");
    await userEvent.setup().click(edit);
    expect(onClick).toHaveBeenCalledOnce();
    const run = screen.getByRole("button", { name: "Run" });
    expect(run.getAttribute("type")).toBe("submit");
    expect(run).toHaveProperty("disabled", true);
  });
});
