import { spawn, type ChildProcess } from "node:child_process";

/**
 * A second instance of the built app (the launcher itself, so signals reach the process that owns
 * the servers) on `port`, resolved once it prints its ready line; killed if it never does.
 */
export async function startAppProcess(
  port: number,
  token: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<ChildProcess & { stdout: NonNullable<ChildProcess["stdout"]> }> {
  const app = spawn(
    process.execPath,
    ["--import", "tsx", "server/cli/run-source.mjs", "server/cli/start.ts", ...args],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        PORT: String(port),
        MCP_INSPECTOR_TOKEN: token,
        MCP_INSPECTOR_SKIP_BUILD: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("app did not start")), 30_000);
      app.stdout.on("data", (d: Buffer) => {
        if (d.toString().includes("ready: http://127.0.0.1")) {
          clearTimeout(timer);
          resolve();
        }
      });
      app.once("exit", (code) => reject(new Error(`app exited early (${code})`)));
    });
  } catch (error) {
    if (app.exitCode === null) app.kill("SIGKILL");
    throw error;
  }
  return app;
}

/** SIGTERM (the launcher reaps its servers), then SIGKILL if it has not exited within 10 s. */
export async function stopAppProcess(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise((r) => app.once("exit", r));
  app.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (app.exitCode === null && app.signalCode === null) app.kill("SIGKILL");
}

/** SIGUSR2 makes the app collect garbage and print its memory (MCP_INSPECTOR_MEMORY_SIGNAL). */
export function appHeapAfterGc(
  app: ChildProcess & { stdout: NonNullable<ChildProcess["stdout"]> },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the app printed no memory line")), 10_000);
    const onData = (chunk: Buffer) => {
      const line = /memory: (\{.*\})/.exec(chunk.toString());
      if (!line) return;
      clearTimeout(timer);
      app.stdout.off("data", onData);
      resolve((JSON.parse(line[1]!) as { heapUsed: number }).heapUsed);
    };
    app.stdout.on("data", onData);
    app.kill("SIGUSR2");
  });
}
