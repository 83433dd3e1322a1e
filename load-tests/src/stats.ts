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

/** Latencies grouped by the second of the run (from 1) in which each was started. */
export type BySecond = { second: number[]; p50: number[]; p99: number[] };

/**
 * Each second's p50 and p99, `startedAt[i]` (ms) being when `latency[i]` began: whether a
 * run's tail came from a few bad seconds (a stall) or from every second (queueing). Seconds
 * in which nothing started are left out.
 */
export function bySecond(startedAt: ArrayLike<number>, latency: ArrayLike<number>): BySecond {
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < startedAt.length; i++) first = Math.min(first, startedAt[i]!);
  const seconds = new Map<number, number[]>();
  for (let i = 0; i < startedAt.length; i++) {
    const second = Math.floor((startedAt[i]! - first) / 1000) + 1;
    const values = seconds.get(second) ?? [];
    seconds.set(second, values);
    values.push(latency[i]!);
  }
  const sorted = [...seconds].sort(([a], [b]) => a - b);
  const summaries = sorted.map(([, values]) => summarize(values)!);
  return {
    second: sorted.map(([second]) => second),
    p50: summaries.map((s) => s.p50),
    p99: summaries.map((s) => s.p99),
  };
}

/** "median X ms, worst Y ms (second N)" of one figure over the seconds; null without any. */
export function describeSeconds(seconds: BySecond, key: 'p50' | 'p99'): string | null {
  const values = seconds[key];
  if (values.length === 0) return null;
  const worst = Math.max(...values);
  const median = summarize(values)!.p50;
  return `median ${median} ms, worst ${worst} ms (second ${seconds.second[values.indexOf(worst)]})`;
}
