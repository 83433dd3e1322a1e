import { describe, expect, it } from 'vitest';
import { backoffDelay, restartDelay } from './backoff.ts';

describe('backoff', () => {
  const fixed = (random: number) => ({ initialMs: 1000, maxMs: 30_000, random: () => random });

  it('doubles from 1 s to a 30 s cap, drawn from the upper half of each step', () => {
    const high = [0, 1, 2, 3, 4, 5, 6, 20].map((a) => backoffDelay(a, fixed(0.999999)));
    expect(high).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    const low = [0, 1, 2, 5].map((a) => backoffDelay(a, fixed(0)));
    expect(low).toEqual([500, 1000, 2000, 15_000]);
  });

  it('spreads restarts over a second', () => {
    expect(restartDelay(fixed(0))).toBe(0);
    expect(restartDelay(fixed(0.5))).toBe(500);
  });
});
