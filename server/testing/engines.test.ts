/**
 * Issue 33 item 1: `npm ci` on the Node the README names warns about nothing. Every package in
 * the lock accepts the oldest Node we promise: the package's own `engines` for what a user
 * installs (its dependencies), the README's development minimum for what `npm ci` installs to
 * build and test (the devDependencies: vite 8 and rolldown want 20.19). Platform-only optional
 * packages are skipped, as npm skips them.
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockEntry>;
};
const readme = readFileSync("README.md", "utf8");

const installMin = semver.minVersion(pkg.engines.node)!.version;
const devMin = /Node (\d+\.\d+)\+ to build and test/.exec(readme)?.[1];

/** Packages whose `engines.node` does not accept `version`. */
function refusing(version: string, which: (e: LockEntry) => boolean): string[] {
  return Object.entries(lock.packages)
    .filter(([path, e]) => path !== "" && !e.optional && which(e))
    .filter(([, e]) => {
      const range = Array.isArray(e.engines) ? undefined : e.engines?.node;
      return range !== undefined && !semver.satisfies(version, range, { includePrerelease: true });
    })
    .map(
      ([path, e]) => `${path.replace(/^node_modules\//, "")}@${e.version} wants ${JSON.stringify(e.engines)}`,
    );
}

describe("the Node versions we name", () => {
  it("the README names both minimums, and the installed package's is package.json's", () => {
    expect(readme).toContain(`Node ${installMin.replace(/\.0$/, "")}+ to run`);
    expect(devMin, "README: “Node X.Y+ to build and test”").toBeDefined();
    expect(semver.gte(`${devMin}.0`, installMin)).toBe(true);
  });

  it("every dependency accepts the package's minimum; every package in the lock the development minimum", () => {
    expect(refusing(installMin, (e) => !e.dev)).toEqual([]);
    expect(refusing(`${devMin}.0`, () => true)).toEqual([]);
    // And the Node running this test, which is what `npm ci` compares with when it warns.
    expect(refusing(process.versions.node, () => true)).toEqual([]);
  });
});
