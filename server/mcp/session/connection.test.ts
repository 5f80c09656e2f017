/**
 * The connection and subscriptions parts composed by hand (no McpSession), against the built-in
 * demo server over real stdio: what each owns works without the facade.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_MARK_VAR, testMark } from "@/server/testing/processes";
import { readConfig } from "../config";
import { SessionStartError } from "../session-errors";
import { demoLaunch } from "../launch";
import { SessionConnection } from "./connection";
import { SessionOutput } from "./output";
import { Subscriptions } from "./subscriptions";
import { noLeftoverProcessesAfterAll } from "@/server/testing/teardown";

const CLOCK = "demo://live/clock";
const open: SessionConnection[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});
noLeftoverProcessesAfterAll();

/** A connection and its subscriptions, wired as the session wires them. */
function parts() {
  const output = new SessionOutput("c1", () => undefined);
  const reopened: string[] = [];
  let changes = 0;
  const ref: { subs?: Subscriptions } = {};
  const connection = new SessionConnection(
    demoLaunch({ [TEST_MARK_VAR]: testMark() }),
    readConfig(),
    output,
    null,
    {
      handlers: {
        onResourceUpdated: (uri) => ref.subs?.serverUpdated(uri, false),
        onListChanged: () => undefined,
      },
      changed: () => void changes++,
      reopened: async (why) => {
        reopened.push(why);
        await ref.subs?.resubscribe();
      },
    },
  );
  open.push(connection);
  const subs = Subscriptions.over(connection, "c1", output, {
    name: () => "demo",
    read: (uri) => connection.request("demo", () => connection.client.read(uri, connection.requestOptions())),
  });
  ref.subs = subs;
  const subscribes = () =>
    output.traffic.all().entries.filter((e) => e.direction === "out" && e.method === "resources/subscribe")
      .length;
  return { connection, subs, output, reopened, changes: () => changes, subscribes };
}

describe("SessionConnection + Subscriptions", () => {
  it("connects, and a restart replaces the process (the old tree reaped) with its identity taken again", async () => {
    const { connection, changes } = parts();
    await connection.connect();
    expect(connection.status).toBe("connected");
    expect(connection.serverInfo?.name).toBe("mcp-resource-inspector-demo");
    const before = connection.transport.details(0);
    const changed = changes();
    await connection.replace("restart");
    const after = connection.transport.details(0);
    expect(before.kind === "stdio" && after.kind === "stdio" && before.pid !== after.pid).toBe(true);
    expect(changes()).toBeGreaterThan(changed);
    expect(connection.status).toBe("connected");
    await connection.close();
    expect(connection.status).toBe("disconnected");
    expect(connection.error?.message).toBe("Disconnected by the user.");
  });

  it("a watch re-reads on the server's updates; after a new process, resubscribe subscribes again and it keeps updating", async () => {
    const { connection, subs, subscribes } = parts();
    await connection.connect();
    const watch = await subs.watch(CLOCK);
    await vi.waitFor(() => expect(watch.list().length).toBeGreaterThan(1), { timeout: 5_000 });
    expect(subscribes()).toBe(1);
    await connection.replace("restart");
    await subs.resubscribe();
    expect(subscribes()).toBe(2);
    const seen = watch.list().at(-1)!.version;
    await vi.waitFor(() => expect(watch.list().at(-1)!.version).toBeGreaterThan(seen), { timeout: 5_000 });
    await subs.unwatch(CLOCK, true);
    expect(subs.watches.size).toBe(0);
  });

  it("a start that fails disconnects with the reason and the process's exit, as one SessionStartError", async () => {
    const output = new SessionOutput("c2", () => undefined);
    const connection = new SessionConnection(
      {
        kind: "stdio",
        program: process.execPath,
        args: ["-e", "process.stderr.write('no key\\n'); process.exit(3)"],
        env: { [TEST_MARK_VAR]: testMark() },
      },
      readConfig(),
      output,
      null,
      {
        handlers: { onResourceUpdated: () => undefined, onListChanged: () => undefined },
        changed: () => undefined,
        reopened: () => Promise.resolve(),
      },
    );
    open.push(connection);
    const err = await connection.connect().then(
      () => null,
      (e: unknown) => e as Error & { exitCode?: number; stderrTail?: string[] },
    );
    expect(err).toBeInstanceOf(SessionStartError);
    expect(err?.exitCode).toBe(3);
    expect(err?.stderrTail).toContain("no key");
    expect(connection.status).toBe("disconnected");
  });
});
