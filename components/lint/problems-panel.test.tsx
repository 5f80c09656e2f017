import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { problemOf } from "@/components/testing/problems";
import { expectOnlySeededQueries, renderWithQueries } from "@/components/testing/query-client";
import type { HostFilter } from "@/lib/lint/host-filter";
import { problemsKey } from "@/lib/lint/problem-queries";
import type { ProblemsResponse } from "@/lib/lint/problem";
import { ProblemsPanel } from "./problems-panel";

expectOnlySeededQueries();

function Panel() {
  const [host, setHost] = useState<HostFilter>("all");
  return (
    <ProblemsPanel sessionId="p1" serverName="demo" connected hostFilter={host} onHostFilter={setHost} />
  );
}

const codes = () =>
  within(screen.getByRole("list", { name: "Problems list" }))
    .queryAllByText(/^(duplicate-uri|host-[a-z-]+)$/)
    .map((el) => el.textContent);

describe("ProblemsPanel host filter", () => {
  it("All, Protocol only, or one host's problems", async () => {
    renderWithQueries(<Panel />, (client) => {
      // Polled every few seconds in the app; here the seeded answer is the one.
      client.setQueryDefaults(problemsKey("p1"), { staleTime: Infinity });
      client.setQueryData<ProblemsResponse>(problemsKey("p1"), {
        problems: [
          problemOf("duplicate-uri"),
          problemOf("host-uri-breaks-mention", ["gemini-cli"]),
          problemOf("host-image-not-attachable", ["vscode"]),
        ],
      });
    });
    const select = screen.getByRole("combobox", { name: "Hosts" });
    expect(codes()).toEqual(["duplicate-uri", "host-uri-breaks-mention", "host-image-not-attachable"]);
    await userEvent.selectOptions(select, "Protocol only");
    expect(codes()).toEqual(["duplicate-uri"]);
    await userEvent.selectOptions(select, "Gemini CLI");
    expect(codes()).toEqual(["host-uri-breaks-mention"]);
    await userEvent.selectOptions(select, "Codex CLI");
    expect(screen.getByText("No problems of the chosen severities for Codex CLI.")).toBeTruthy();
    await userEvent.selectOptions(select, "All");
    expect(codes()).toHaveLength(3);
  });
});
