import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ListWarnings } from "./list-warnings";

describe("ListWarnings", () => {
  it("shows a listing's warnings as text, markup included, and nothing when there are none", () => {
    const warning =
      '3 of 5 items were not valid resources (first: items[1]: missing uri) and were left out. <img src=x onerror="alert(1)">';
    const { container, rerender } = render(<ListWarnings warnings={[warning]} label="Listing warnings" />);
    expect(screen.getByRole("list", { name: "Listing warnings" }).textContent).toBe(warning);
    expect(container.querySelector("img")).toBeNull();
    rerender(<ListWarnings warnings={undefined} label="Listing warnings" />);
    expect(screen.queryByRole("list")).toBeNull();
  });
});
