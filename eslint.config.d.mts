// Types for what server/testing/shape/line-limit.test.ts reads from eslint.config.mjs.
import type { Linter } from "eslint";

export const MAX_LINES: number;
export const overLineLimit: Record<string, number>;
declare const config: Linter.Config[];
export default config;
