import { describe, expect, it } from 'vitest';
import { backoffStep, jitteredBackoff } from './backoff.ts';

describe('back-off', () => {
  it('doubles from the first step up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffStep(1000, n, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('stays finite after a very long outage', () => {
    expect(backoffStep(1000, 5000)).toBe(1000 * 2 ** 30);
  });

  it('draws each delay from the upper half of its step', () => {
    expect(jitteredBackoff(1000, 3, 30_000, () => 0)).toBe(4000);
    expect(jitteredBackoff(1000, 3, 30_000, () => 0.5)).toBe(6000);
    expect(jitteredBackoff(1000, 9, 30_000, () => 0.999)).toBeCloseTo(29_985);
  });
});
