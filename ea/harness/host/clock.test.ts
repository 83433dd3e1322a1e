import { describe, expect, it } from 'vitest';
import { Clock, newYorkOffsetSeconds } from './clock.ts';

describe('clock', () => {
  it('the New-York-close server runs GMT+2 in winter and GMT+3 in New York summer time', () => {
    const clock = new Clock();
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(clock.serverOffsetSeconds(winter)).toBe(2 * 3600);
    expect(clock.serverOffsetSeconds(summer)).toBe(3 * 3600);
    // New York springs forward at 2:00 EST on the second Sunday of March (2026-03-08 07:00 UTC).
    expect(newYorkOffsetSeconds(Date.UTC(2026, 2, 8, 6, 59))).toBe(-5 * 3600);
    expect(newYorkOffsetSeconds(Date.UTC(2026, 2, 8, 7, 0))).toBe(-4 * 3600);
    expect(clock.utcOfServerMs(clock.serverMs(summer))).toBe(summer);
    expect(new Clock({ kind: 'fixed', offsetSeconds: 0 }).serverMs(summer)).toBe(summer);
  });

  it('moves, and books a past moment with during()', () => {
    const clock = new Clock();
    clock.shift(86_400_000);
    expect(clock.utcMs() - Date.now()).toBeGreaterThan(86_399_000);
    const past = Date.UTC(2025, 5, 1);
    expect(clock.during(past, () => Math.round((clock.utcMs() - past) / 1000))).toBe(0);
    expect(clock.utcMs() - Date.now()).toBeGreaterThan(86_399_000);
  });
});
