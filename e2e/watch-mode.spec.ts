/**
 * Issue 11, watch mode end to end: a server author's stdio server (the json-resources fixture,
 * copied into a temp folder) connected through the API, "Restart on change" turned on in the page,
 * and one edit of the file beside the script: the server restarts, the new resource appears in
 * the tree and the open resource's new content in the viewer, with no click after the edit.
 */
import { copyWatchFixture } from "../server/testing/watch-fixture";
import { expect, test } from "./fixtures";

test("Restart on change: an edit restarts the server and the tree and viewer follow", async ({
  inspector,
  api,
  page,
}) => {
  const fixture = copyWatchFixture([{ uri: "fixture://alpha", name: "alpha", text: "alpha v1" }]);
  try {
    const id = await api.createSession({
      command: process.execPath,
      args: [fixture.script],
      name: "watched",
    });
    const [before] = await api.sessions();
    await inspector.openUri(id, "fixture://alpha");
    await expect(inspector.viewer.getByText("alpha v1")).toBeVisible();

    await page.getByRole("tab", { name: "Restart on change" }).click();
    // The default path is the folder of the server's script.
    await expect(page.getByRole("textbox", { name: /watch path/i })).toHaveValue(fixture.dir);
    await page.getByRole("checkbox", { name: "Restart on change" }).check();
    const status = page.getByRole("status", { name: "Restart on change status" });
    await expect(status).toHaveText("watching for changes");

    fixture.writeResources([
      { uri: "fixture://alpha", name: "alpha", text: "alpha v2" },
      { uri: "fixture://beta", name: "beta", text: "beta v1" },
    ]);

    await expect(status).toHaveText(/^restarted \d{2}:\d{2}:\d{2} after a change to resources\.json$/, {
      timeout: 15_000,
    });
    await expect(inspector.viewer.getByText("alpha v2")).toBeVisible();
    await expect(inspector.tree.getByRole("treeitem", { name: /beta/ })).toBeVisible();
    const [after] = await api.sessions();
    expect(after?.pid).not.toBe(before?.pid);
    await page.screenshot({ path: test.info().outputPath("watch-mode.png") });
  } finally {
    await api.deleteAll();
    fixture.cleanup();
  }
});
