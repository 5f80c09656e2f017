/**
 * The Python SDK's own Streamable HTTP server (e2e/fixtures/servers/python/resources_server.py,
 * `mcp` 2.3.0 under uvicorn) on a free loopback port, from the venv python-venv.ts keeps.
 * Node only and no test-runner imports: Vitest and Playwright both use it.
 */
import { fileURLToPath } from "node:url";
import { startCommandHttp, type HttpServerHandle } from "./http-servers";
import { pythonVenv, type PythonVenvOptions } from "./python-venv";

export const PYTHON_RESOURCES_SERVER = fileURLToPath(
  new URL("../../e2e/fixtures/servers/python/resources_server.py", import.meta.url),
);

export interface PythonServerOptions {
  /**
   * How it answers 2025 clients (the SDK's `stateless_http`): `stateful` (the SDK default) gives each
   * `initialize` a session with a GET stream; `stateless` serves every legacy request afresh.
   */
  legacy?: "stateful" | "stateless";
  /** Another script of the same shape (`--port N`, serves `/mcp` on 127.0.0.1). */
  script?: string;
  venv?: PythonVenvOptions;
}

/**
 * Start the Python fixture and resolve once it takes connections (uvicorn binds only after the app's
 * start-up, so a connection means the MCP endpoint answers). `url` is its `/mcp` endpoint; `stop()`
 * ends the one process it is (uvicorn runs in it) and resolves once it has exited. Throws the venv's
 * one-sentence reason where Python is missing: tests check `pythonVenv()` first and skip with it.
 */
export async function startPythonServer(options: PythonServerOptions = {}): Promise<HttpServerHandle> {
  const venv = await pythonVenv(options.venv);
  if (!venv.ok) throw new Error(venv.reason);
  const script = options.script ?? PYTHON_RESOURCES_SERVER;
  return startCommandHttp({
    command: venv.python,
    args: (port) => [script, "--port", String(port), "--legacy", options.legacy ?? "stateful"],
    // Unbuffered, so the output tail of a failed start holds the traceback; no __pycache__ in e2e/.
    env: { PYTHONUNBUFFERED: "1", PYTHONDONTWRITEBYTECODE: "1" },
    url: (port) => `http://127.0.0.1:${port}/mcp`,
  });
}
