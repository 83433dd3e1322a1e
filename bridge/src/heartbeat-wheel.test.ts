import { describe, expect, it } from 'vitest';
import { joinHeartbeat } from './heartbeat-wheel.ts';

describe('heartbeat wheel', () => {
  it('beats every member about once per period, spread over the period', async () => {
    const beats = new Map<number, number[]>();
    const leave = Array.from({ length: 20 }, (_, i) =>
      joinHeartbeat(100, { beat: (now) => beats.set(i, [...(beats.get(i) ?? []), now]) }),
    );
    await new Promise((r) => setTimeout(r, 330));
    for (const l of leave) l();
    const counts = [...beats.values()].map((b) => b.length);
    expect(counts).toHaveLength(20);
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(1);
    for (const n of counts) expect(n).toBeLessThanOrEqual(4);
    // Members in different buckets beat at different times.
    const firstBeats = new Set([...beats.values()].map((b) => Math.round(b[0]!)));
    expect(firstBeats.size).toBeGreaterThan(5);
    const total = counts.reduce((a, b) => a + b, 0);
    await new Promise((r) => setTimeout(r, 150));
    expect([...beats.values()].reduce((a, b) => a + b.length, 0)).toBe(total);
  });
});
