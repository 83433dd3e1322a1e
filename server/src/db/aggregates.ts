/**
 * What an aggregate select (no `group by`) reads when there is nothing to aggregate: every
 * figure of `selection` at 0. Such a select always returns one row; this stands in should the
 * driver return none.
 */
export function zerosFor<K extends string>(selection: Record<K, unknown>): Record<K, number> {
  return Object.fromEntries(Object.keys(selection).map((key) => [key, 0])) as Record<K, number>;
}
