// Totals the suites' JSON reports into the one closing line CI reads: "N passed, N failed".
// A suite that should have reported but did not (an earlier step failed) counts as one failure.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir = ".reports", statusArg = "0"] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

const vitestFile = path.join(dir, "vitest.json");
if (existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // Errors outside tests (e.g. the leftover-process check in global teardown) fail the suite.
  if (r.success === false && (r.numFailedTests ?? 0) === 0) failed += 1;
} else missing.push("unit/integration (vitest)");

const pwFile = path.join(dir, "playwright.json");
if (existsSync(pwFile)) {
  const r = JSON.parse(readFileSync(pwFile, "utf8"));
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  failed += r.stats?.unexpected ?? 0;
  skipped += r.stats?.skipped ?? 0;
  if ((r.errors?.length ?? 0) > 0 && (r.stats?.unexpected ?? 0) === 0) failed += 1;
} else missing.push("e2e (playwright)");

if (missing.length > 0 && statusArg !== "0") {
  console.log(`did not run: ${missing.join(", ")} (an earlier step failed)`);
  failed += missing.length;
}
if (statusArg !== "0" && failed === 0) {
  // e.g. `npm run check` failed, or a teardown check found a leftover process.
  console.log("a step failed outside the test counts (see above)");
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
