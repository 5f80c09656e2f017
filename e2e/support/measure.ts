import { test } from "@playwright/test";

/** A measured figure: in the report's annotations and on stdout. */
export function recordMeasure(type: string, description: string): void {
  test.info().annotations.push({ type, description });
  console.log(`[measure] ${type}: ${description}`);
}
