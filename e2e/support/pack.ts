import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

export interface Installed {
  tgz: string;
  /** The empty folder it was installed into, as a user's project. */
  project: string;
  pkgDir: string;
  /** node_modules/.bin/mcp-resource-inspector. */
  bin: string;
}

/**
 * `npm pack` this repository into `dir` (prepack reuses a current build) and `npm install` the
 * tarball into an empty folder there, as a user would.
 */
export async function packAndInstall(dir: string): Promise<Installed> {
  const packed = await exec("npm", ["pack", "--json", "--pack-destination", dir], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    maxBuffer: 64 << 20,
    timeout: 400_000,
  });
  // A stale build is rebuilt first, and Next prints its route table to the same stdout.
  const json = packed.stdout.slice(packed.stdout.search(/^\[$/m));
  const [info] = JSON.parse(json) as { filename: string }[];
  const tgz = path.join(dir, info!.filename);
  const project = path.join(dir, "project");
  mkdirSync(project);
  await exec("npm", ["install", tgz, "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd: project,
    timeout: 180_000,
  });
  return {
    tgz,
    project,
    pkgDir: path.join(project, "node_modules", "mcp-resource-inspector"),
    bin: path.join(project, "node_modules", ".bin", "mcp-resource-inspector"),
  };
}
