import { afterAll } from "vitest";
import { startOAuthFixture, type OAuthFixture } from "./oauth-cli";
import { expectNoLeftoverProcesses } from "./teardown";
import { tempDirForFile } from "./temp-dir";

/**
 * The frame of a test file signing the one-shot CLI in: a temp folder (the users' homes, the
 * fixtures' logs), `fixture(env)` starting the OAuth fixture with `defaults` under `env`, and
 * after the file's last test every fixture stopped, no headless browser left and the folder gone.
 */
export function oauthCliFrame(prefix: string, defaults: Record<string, string> = {}) {
  const dir = tempDirForFile(prefix);
  const started: OAuthFixture[] = [];
  afterAll(async () => {
    await Promise.all(started.map((f) => f.server.stop()));
    await expectNoLeftoverProcesses((p) => p.cmdline.includes("headless-browser"));
  });
  const fixture = async (env: Record<string, string> = {}): Promise<OAuthFixture> => {
    const f = await startOAuthFixture(dir, { ...defaults, ...env });
    started.push(f);
    return f;
  };
  return { dir, fixture };
}
