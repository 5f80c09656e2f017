import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stdioSession } from "@/components/testing/sessions";
import type { SessionSummary } from "@/lib/api/contract";
import { ViewerColumn } from "./viewer-column";

const region = () => screen.getByRole("region", { name: "Resource content" });

describe("ViewerColumn", () => {
  it.each<[string, SessionSummary | undefined, string | null, string]>([
    ["no server", undefined, "demo://a", "Nothing selectedPick a resource in the tree to read it."],
    ["no resource", stdioSession(), null, "Nothing selectedPick a resource in the tree to read it."],
    [
      "a starting server",
      stdioSession({ status: "connecting" }),
      "demo://a",
      "Waiting for the serverdemo is still starting.",
    ],
    [
      "a disconnected server",
      stdioSession({ status: "disconnected" }),
      "demo://a",
      "The server is disconnecteddemo stopped; its error and stderr are shown beside the resource list.",
    ],
    [
      "a server without resources",
      stdioSession({ capabilities: {} }),
      "demo://a",
      "This server does not offer resources",
    ],
  ])(
    "is the Resource content region, saying why there is nothing to read with %s",
    (_, session, uri, text) => {
      render(<ViewerColumn session={session} uri={uri} />);
      expect(region().textContent).toBe(text);
    },
  );
});
