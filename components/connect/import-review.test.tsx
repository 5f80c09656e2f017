import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it } from "vitest";
import { stubApi } from "@/components/testing/api-stub";
import { renderWithQueries } from "@/components/testing/query-client";
import { ConnectPanel } from "./connect-panel";

const backend = stubApi();

const config = `{
  // VS Code's mcp.json
  "inputs": [
    { "id": "api-key", "type": "promptString", "description": "Your API key", "password": true },
    { "id": "folder", "type": "promptString", "description": "Data folder" }
  ],
  "servers": {
    "files": { "command": "node", "args": ["server.js", "--root", "\${input:folder}"], "env": { "API_KEY": "\${input:api-key}", "MODE": "fast", "TOKEN": "\${GITHUB_TOKEN}" } },
    "docs": { "type": "http", "url": "https://docs.example/mcp", "headers": { "Authorization": "Bearer t" } },
    "broken": { "args": [] }
  }
}`;

it("a pasted config lists every server with its exact command, its problems at their line, and asks for its inputs (a password masked, never kept); saving is unticked until chosen", async () => {
  const user = userEvent.setup();
  renderWithQueries(<ConnectPanel onConnected={() => undefined} />);
  const box = screen.getByRole("textbox", { name: "Server command or URL" });
  await user.click(box);
  await user.paste(config);
  await user.click(screen.getByRole("button", { name: "Review" }));

  const region = await screen.findByRole("region", { name: "Review the servers in the config" });
  expect(region.textContent).toContain("Found 2 servers");
  const words = within(screen.getByRole("list", { name: "files: command and arguments" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);
  expect(words).toEqual(["node", "server.js", "--root", "${input:folder}"]);
  expect(region.textContent).toContain("https://docs.example/mcp");
  expect(region.textContent).toContain("Uses from the inspector's environment: GITHUB_TOKEN");
  // Saving is a choice, off until ticked; only then can values be kept in the file.
  const save = within(region).getByRole("checkbox", { name: /Save to my servers/ });
  expect(save).toHaveProperty("checked", false);
  expect(within(region).queryAllByRole("checkbox", { name: "keep this value" })).toHaveLength(0);
  await user.click(save);
  // The value of a password input is never saved, so it cannot be kept.
  expect(within(region).getByRole("checkbox", { name: "a password: never saved" })).toHaveProperty(
    "disabled",
    true,
  );
  expect(within(region).getAllByRole("checkbox", { name: "keep this value" })).toHaveLength(2);
  // The broken entry: its line and field.
  expect(screen.getByRole("alert").textContent).toContain(
    "line 10:15 · servers.broken.command: expected a command",
  );

  const key = screen.getByLabelText(/api-key — Your API key \(password: never saved\)/);
  expect(key.getAttribute("type")).toBe("password");
  expect(screen.getByLabelText(/folder — Data folder/).getAttribute("type")).toBe("text");
  const connect = screen.getByRole("button", { name: "Connect 2 servers" });
  expect(connect).toHaveProperty("disabled", true);
  expect(region.textContent).toContain("Fill in folder, api-key");

  // Unticking the server that asks for the inputs drops them from the form.
  await user.click(screen.getByRole("checkbox", { name: "files" }));
  expect(screen.queryByLabelText(/api-key/)).toBeNull();
  expect(screen.getByRole("button", { name: "Connect 1 server" })).toHaveProperty("disabled", false);
});

it("a pasted config that uses ${workspaceFolder} asks for the folder, which the server checks; the review shows the servers expanded in it and runs them there; without it they cannot connect, saying why", async () => {
  const user = userEvent.setup();
  backend.serve({
    "GET /api/saved-servers": { json: { servers: [] } },
    "POST /api/import": ({ body }) => {
      const folder = (body as { workspaceFolder: string }).workspaceFolder;
      return {
        json: {
          servers: [],
          problems: [],
          workspaceFolder: folder.startsWith("/")
            ? { path: folder }
            : { error: "The workspace folder must be an absolute path." },
        },
      };
    },
    "POST /api/import/connect": { status: 502, code: "bad_gateway", message: "stopped here" },
  });
  renderWithQueries(<ConnectPanel onConnected={() => undefined} />);
  const vscode = JSON.stringify({
    servers: {
      files: {
        command: "node",
        args: ["\${workspaceFolder}/server.js", "--name", "\${workspaceFolderBasename}"],
      },
      other: { command: "uvx", args: ["notes-mcp"] },
    },
  });
  await user.click(screen.getByRole("textbox", { name: "Server command or URL" }));
  await user.paste(vscode);
  await user.click(screen.getByRole("button", { name: "Review" }));
  const region = await screen.findByRole("region", { name: "Review the servers in the config" });
  const words = () =>
    within(screen.getByRole("list", { name: "files: command and arguments" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
  expect(words()).toEqual(["node", "${workspaceFolder}/server.js", "--name", "${workspaceFolderBasename}"]);
  expect(region.textContent).toContain(
    '"files" uses ${workspaceFolder}, the folder VS Code has open, and a pasted config has none: give the workspace folder to connect it.',
  );
  expect(screen.getByRole("button", { name: "Connect 2 servers" })).toHaveProperty("disabled", true);
  expect(region.textContent).toContain("Fill in the workspace folder");

  const field = screen.getByRole("textbox", { name: /Workspace folder/ });
  await user.type(field, "proj");
  expect((await screen.findByRole("alert")).textContent).toBe(
    "The workspace folder must be an absolute path.",
  );
  expect(screen.getByRole("button", { name: "Connect 2 servers" })).toHaveProperty("disabled", true);

  await user.clear(field);
  await user.type(field, "/w/proj");
  await within(region).findByText("/w/proj/server.js");
  expect(words()).toEqual(["node", "/w/proj/server.js", "--name", "proj"]);
  // Both run in the folder (neither names a cwd), as VS Code starts them.
  expect(
    within(region)
      .getAllByText("/w/proj")
      .map((c) => c.parentElement?.textContent),
  ).toEqual(["in /w/proj", "in /w/proj"]);
  expect(region.textContent).not.toContain("a pasted config has none");
  const connect = screen.getByRole("button", { name: "Connect 2 servers" });
  expect(connect).toHaveProperty("disabled", false);
  await user.click(connect);
  await within(region).findAllByText("stopped here");
  const sent = backend.requests.filter((r) => r.path === "/api/import/connect").map((r) => r.body);
  expect(sent).toMatchObject([
    { server: "files", workspaceFolder: "/w/proj" },
    { server: "other", workspaceFolder: "/w/proj" },
  ]);
});
