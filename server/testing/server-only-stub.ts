// Stands in for the `server-only` marker package under Vitest and esbuild bundles of the CLI,
// where no React Server Components boundary exists to guard.
export {};
