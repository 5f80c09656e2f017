/**
 * `target.push(...source)` passes every element as an argument: V8 throws RangeError (stack) at
 * about 125 k of them, which one list page of a server reached (issue 32). These loop instead.
 */

/** Appends every element of `source` to `target`, in order, and returns `target`. */
export function pushAll<T>(target: T[], source: readonly T[]): T[] {
  for (let i = 0; i < source.length; i++) target.push(source[i]!);
  return target;
}

/** The smallest of `values` (Infinity for none), without spreading them into a call. */
export function minOf(values: readonly number[]): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}
