/** Latency summary in milliseconds, rounded to microseconds. */
export type Summary = {
  count: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
};

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Nearest-rank percentiles (no interpolation: every figure is a latency that happened). */
export function summarize(values: ArrayLike<number>): Summary | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    min: round(sorted[0]!),
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1]!),
    mean: round(sum / sorted.length),
  };
}

/** `ours / floor` at one percentile, two decimals; null when either side is missing. */
export function ratio(ours: Summary | null, floor: Summary | null, key: 'p50' | 'p99') {
  if (!ours || !floor || floor[key] <= 0) return null;
  return Math.round((ours[key] / floor[key]) * 100) / 100;
}
