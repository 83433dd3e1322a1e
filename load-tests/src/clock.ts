/**
 * One clock for every bench process. `process.hrtime` reads CLOCK_MONOTONIC, which on Linux is
 * system-wide, so a time taken in the generator and one taken in an EA process subtract to a
 * true latency. `performance.now()` runs on the same clock from a per-process origin; the
 * bridge reports arrivals in it, so we convert.
 */
export function monoNow(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The hrtime (ms) at which this process's `performance.now()` reads zero. */
const performanceOrigin = (() => {
  const samples: number[] = [];
  for (let i = 0; i < 9; i++) samples.push(monoNow() - performance.now());
  samples.sort((a, b) => a - b);
  return samples[4]!;
})();

/** A `performance.now()` reading of this process on the shared clock. */
export function fromPerformance(ms: number): number {
  return performanceOrigin + ms;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
