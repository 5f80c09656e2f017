// Entry for build-bundles.mjs: emits docs/check.schema.json from the zod schema.
export { checkJsonSchema } from "./schema";
