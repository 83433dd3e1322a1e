import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, createMissGuard, createRateLimiter } from './throttle.ts';

describe('rate limiter (token bucket per key)', () => {
  it('allows the burst, then refills at the rate, per key', () => {
    let clock = 0;
    const limiter = createRateLimiter({ burst: 3, perSecond: 0.5 }, { now: () => clock });
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(limiter.take('b').allowed).toBe(true);
    clock += 2000;
    expect(limiter.peek('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('forgets the stalest keys beyond its size, so a flood of keys cannot grow it', () => {
    const limiter = createRateLimiter({ burst: 1, perSecond: 1 }, { now: () => 0, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.take(`ip-${i}`);
    expect(limiter.size).toBe(100);
    // The most recent keys are kept (still spent), the oldest were forgotten (fresh again).
    expect(limiter.take('ip-999').allowed).toBe(false);
    expect(limiter.take('ip-0').allowed).toBe(true);
  });
});

describe('miss guard', () => {
  it('warns on the first refusal per IP and on every hundredth, with no other fields', () => {
    const warnings: unknown[] = [];
    const guard = createMissGuard({
      limit: { burst: 2, perSecond: 0.001 },
      now: () => 0,
      warn: (fields) => warnings.push(fields),
    });
    expect(guard.miss('198.51.100.1').allowed).toBe(true);
    expect(guard.miss('198.51.100.1').allowed).toBe(true);
    for (let i = 0; i < 200; i++) expect(guard.miss('198.51.100.1').allowed).toBe(false);
    expect(warnings).toEqual([
      { ip: '198.51.100.1', refused: 1 },
      { ip: '198.51.100.1', refused: 100 },
      { ip: '198.51.100.1', refused: 200 },
    ]);
  });
});

describe('concurrency limit', () => {
  it('runs at most n tasks at once, in arrival order', async () => {
    const run = createConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        run(async () => {
          running++;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
