/**
 * Sets `key` as the newest entry of `map` (moving it if present), then drops the oldest entry
 * when the map has grown past `max`. Maps iterate in insertion order, so the first key is the
 * one set longest ago: with a set on every use this is a least-recently-used cache. Returns the
 * dropped entry, for callers that flush it somewhere.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): [K, V] | undefined {
  map.delete(key);
  map.set(key, value);
  if (map.size <= max) return undefined;
  const oldest = map.entries().next().value as [K, V];
  map.delete(oldest[0]);
  return oldest;
}
