import { describe, expect, it } from 'vitest';
import { bySecond, describeSeconds, summarize } from './stats.ts';

describe('latencies by second', () => {
  it('groups each latency by the second of the run in which it started', () => {
    // Second 1: 100 latencies of 1..100 ms; second 2: nothing; second 3: one stall of 900 ms.
    const startedAt = [...Array.from({ length: 100 }, (_, i) => 5_000 + i * 9), 7_500];
    const latency = [...Array.from({ length: 100 }, (_, i) => i + 1), 900];
    const seconds = bySecond(startedAt, latency);
    expect(seconds).toEqual({ second: [1, 3], p50: [50, 900], p99: [99, 900] });
    // The run's own p99 does not show the stall at all; the seconds name it.
    expect(summarize(latency)!.p99).toBe(100);
    expect(describeSeconds(seconds, 'p99')).toBe('median 99 ms, worst 900 ms (second 3)');
  });

  it('says nothing of a run without latencies', () => {
    expect(bySecond([], [])).toEqual({ second: [], p50: [], p99: [] });
    expect(describeSeconds(bySecond([], []), 'p99')).toBeNull();
  });
});
