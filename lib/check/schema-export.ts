// Entry for build-bundles.mjs: emits docs/check.schema.json and docs/capture.schema.json from the zod schemas.
export { checkJsonSchema } from "./schema";
export { captureJsonSchema } from "../capture/format";
