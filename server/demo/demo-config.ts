import { z } from "zod";

/** An unset or empty variable means "use the default"; `FOO=` in a shell is common. */
const blankAsUnset = (value: unknown) => (value === "" ? undefined : value);

const STORM_FORMAT = "<updatesPerSec>:<listChangesPerSec>:<durationMs>, e.g. 1000:20:10000";

const StormSchema = z
  .string()
  .regex(/^\d+:\d+:\d+$/, `expected ${STORM_FORMAT}`)
  .transform((value) => {
    const [updatesPerSec, listChangesPerSec, durationMs] = value.split(":").map(Number);
    return { updatesPerSec, listChangesPerSec, durationMs };
  })
  .pipe(
    z.object({
      updatesPerSec: z.number().int().min(1).max(100_000),
      listChangesPerSec: z.number().int().min(0).max(1_000),
      // At least one 10 ms storm tick; at most 10 minutes.
      durationMs: z.number().int().min(10).max(600_000),
    }),
  );

const EnvSchema = z.object({
  DEMO_LIST_CHURN_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(10).optional()),
  DEMO_RESOURCE_COUNT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(100_000).default(150)),
  DEMO_PAGE_SIZE: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1_000).default(50)),
  DEMO_VARIANT: z.preprocess(blankAsUnset, z.string().optional()),
  DEMO_STORM: z.preprocess(blankAsUnset, StormSchema.optional()),
});

/** DEMO_STORM: rates and length of the notification storm that subscribing to STORM_URI starts. */
export interface StormConfig {
  updatesPerSec: number;
  listChangesPerSec: number;
  durationMs: number;
}

export interface DemoConfig {
  /** Add or remove a resource (and notify list_changed) every this many ms; off when undefined. */
  churnMs: number | undefined;
  /** Number of generated `demo://items/…` resources; the default keeps the total above 150. */
  itemCount: number;
  /** `resources/list` page size. */
  pageSize: number;
  /** Appended to the text of `demo://docs/reference/api.txt` so a test can change content. */
  variant: string | undefined;
  /** Lists STORM_URI and runs a storm on each subscription to it; off when undefined. */
  storm: StormConfig | undefined;
}

/** Reads the `DEMO_*` variables; throws with every problem listed when one is invalid. */
export function parseDemoConfig(env: NodeJS.ProcessEnv): DemoConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid demo server environment: ${problems.join("; ")}`);
  }
  const vars = parsed.data;
  return {
    churnMs: vars.DEMO_LIST_CHURN_MS,
    itemCount: vars.DEMO_RESOURCE_COUNT,
    pageSize: vars.DEMO_PAGE_SIZE,
    variant: vars.DEMO_VARIANT,
    storm: vars.DEMO_STORM,
  };
}
